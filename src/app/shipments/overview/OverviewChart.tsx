import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * The overview's bar chart: for each status, a bar for today and one for the last 7 days, with a
 * legend, a value axis and a tooltip per bar; a bar opens the list it counts. Drawn as SVG here:
 * the figures beside it carry the meaning (the chart is hidden from assistive technology), and a
 * charting library for two series of eight bars cost a fifth of the signed-in download
 * (@mui/x-charts with d3: 78 KB brotli).
 */

export type OverviewRange = 'today' | 'week';

export interface OverviewChartProps {
  labels: string[];
  series: { id: OverviewRange; label: string; data: number[] }[];
  onBarClick(dataIndex: number, range: OverviewRange): void;
  height?: number;
}

const COLOURS: Record<OverviewRange, string> = { today: '#4254fb', week: '#ffb422' };
const WIDTH = 720;
const AXIS = 40;
const LEGEND = 28;
const LABELS = 22;

/** Round steps (1, 2 or 5 times a power of ten) for about four ticks up to `max`. */
export function axisTicks(max: number): number[] {
  if (max <= 0) return [0];
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let tick = 0; tick < max + step; tick += step) ticks.push(tick);
  return ticks;
}

/** Below this width the bars lie down, one row per status: standing, eight statuses' labels would collide. */
export const HORIZONTAL_BELOW = 480;

/**
 * The width the chart has on the page, so that it is drawn at its size (text 12 px, not a 720-wide drawing shrunk
 * to a phone's width, labels about 5 px high: issue 36, 8); undefined until measured (and where nothing measures).
 */
function useWidth(): [(element: Element | null) => void, number | undefined] {
  const [width, setWidth] = useState<number>();
  const observer = useRef<ResizeObserver>(undefined);
  const measure = useCallback((element: Element | null) => {
    observer.current?.disconnect();
    if (!element || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(([entry]) => {
      const next = Math.round(entry.contentRect.width);
      if (next > 0) setWidth(next);
    });
    observer.current.observe(element);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [measure, width];
}

export default function OverviewChart({ labels, series, onBarClick, height = 200 }: OverviewChartProps) {
  const [measure, measured] = useWidth();
  const width = measured ?? WIDTH;
  const ticks = axisTicks(Math.max(0, ...series.flatMap((one) => one.data)));
  const top = ticks[ticks.length - 1] || 1;
  const legend = (
    <g>
      {series.map((one, index) => (
        <g key={one.id} transform={`translate(${width / 2 - series.length * 60 + index * 120}, 8)`}>
          <rect width={12} height={12} rx={2} fill={COLOURS[one.id]} />
          <text x={18} y={10} fill="currentColor">
            {one.label}
          </text>
        </g>
      ))}
    </g>
  );
  const bar = (dataIndex: number, index: number, geometry: { x: number; y: number; width: number; height: number }) => {
    const one = series[index];
    const value = one.data[dataIndex] ?? 0;
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: a bar is a pointer shortcut; the chart is aria-hidden and takes no focus, the table beside it (ShipmentOverview) opens the same lists by keyboard and screen reader
      <rect
        key={one.id}
        {...geometry}
        fill={COLOURS[one.id]}
        className={value > 0 ? 'overview-bar-open' : undefined}
        onClick={() => value > 0 && onBarClick(dataIndex, one.id)}
      >
        <title>{`${labels[dataIndex]}, ${one.label}: ${value}`}</title>
      </rect>
    );
  };

  const horizontal = width < HORIZONTAL_BELOW;
  let drawing: ReactNode;
  if (horizontal) {
    // One row per status: its label left, a bar per range; the values along the bottom.
    const labelWidth = 84;
    const plotWidth = width - labelWidth - 12;
    const rowHeight = (height - LEGEND - 18) / Math.max(1, labels.length);
    const barHeight = Math.min(9, (rowHeight * 0.8) / Math.max(1, series.length));
    const x = (value: number) => labelWidth + (value / top) * plotWidth;
    const shown = ticks.length > 3 ? ticks.filter((_, index) => index % 2 === 0 || index === ticks.length - 1) : ticks;
    drawing = (
      <>
        {labels.map((label, dataIndex) => {
          const rowTop = LEGEND + dataIndex * rowHeight;
          return (
            <g key={label}>
              <text x={labelWidth - 6} y={rowTop + rowHeight / 2 + 4} textAnchor="end" fill="currentColor">
                {label}
              </text>
              {series.map((one, index) =>
                bar(dataIndex, index, {
                  x: labelWidth,
                  y: rowTop + (rowHeight - barHeight * series.length) / 2 + index * barHeight,
                  width: x(one.data[dataIndex] ?? 0) - labelWidth,
                  height: barHeight,
                }),
              )}
            </g>
          );
        })}
        <line x1={labelWidth} x2={labelWidth} y1={LEGEND} y2={height - 18} stroke="currentColor" />
        {shown.map((tick) => (
          <text key={tick} x={x(tick)} y={height - 4} textAnchor="middle" fill="currentColor">
            {tick}
          </text>
        ))}
      </>
    );
  } else {
    const plotHeight = height - LEGEND - LABELS;
    const band = (width - AXIS) / Math.max(1, labels.length);
    const barWidth = (band * 0.7) / Math.max(1, series.length);
    const y = (value: number) => LEGEND + plotHeight - (value / top) * plotHeight;
    drawing = (
      <>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={AXIS - 4} x2={AXIS} y1={y(tick)} y2={y(tick)} stroke="currentColor" />
            <text x={AXIS - 8} y={y(tick) + 4} textAnchor="end" fill="currentColor">
              {tick}
            </text>
          </g>
        ))}
        <line x1={AXIS} x2={AXIS} y1={LEGEND} y2={LEGEND + plotHeight} stroke="currentColor" />
        <line x1={AXIS} x2={width} y1={LEGEND + plotHeight} y2={LEGEND + plotHeight} stroke="currentColor" />
        {labels.map((label, dataIndex) => (
          <g key={label}>
            {series.map((one, index) => {
              const value = one.data[dataIndex] ?? 0;
              return bar(dataIndex, index, {
                x: AXIS + dataIndex * band + band * 0.15 + index * barWidth,
                y: y(value),
                width: barWidth,
                height: LEGEND + plotHeight - y(value),
              });
            })}
            <text x={AXIS + dataIndex * band + band / 2} y={height - 6} textAnchor="middle" fill="currentColor">
              {label}
            </text>
          </g>
        ))}
      </>
    );
  }

  return (
    <Box
      component="svg"
      ref={measure}
      viewBox={`0 0 ${width} ${height}`}
      sx={{ width: '100%', height, display: 'block', fontSize: 12, fontFamily: 'inherit' }}
      data-testid="overview-chart"
      data-layout={horizontal ? 'horizontal' : 'vertical'}
    >
      {/* Drawn once it is measured (before the first paint: a ResizeObserver reports then), not first at WIDTH and again:
          the drawing twice cost the shipment list about 100 ms of Lighthouse's total blocking time, median of 5 runs. */}
      {measured === undefined && typeof ResizeObserver !== 'undefined' ? null : (
        <>
          {legend}
          {drawing}
        </>
      )}
    </Box>
  );
}
