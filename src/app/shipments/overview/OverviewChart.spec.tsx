import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OverviewChart, { axisTicks } from './OverviewChart';

afterEach(cleanup);

describe('the overview chart', () => {
  it('puts round ticks up to the tallest bar', () => {
    expect(axisTicks(111)).toEqual([0, 50, 100, 150]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(4_000)).toEqual([0, 1_000, 2_000, 3_000, 4_000]);
    expect(axisTicks(0)).toEqual([0]);
  });

  it('draws a bar per status and range, each naming its figure, and a bar opens its list', () => {
    const onBarClick = vi.fn();
    const { container } = render(
      <OverviewChart
        labels={['New', 'Accept', 'Reject']}
        series={[
          { id: 'today', label: 'Today', data: [27, 6, 0] },
          { id: 'week', label: 'Last 7 days', data: [111, 52, 24] },
        ]}
        onBarClick={onBarClick}
      />,
    );
    const bars = [...container.querySelectorAll('rect')].filter((rect) => rect.querySelector('title'));
    expect(bars.map((bar) => bar.querySelector('title')?.textContent)).toEqual([
      'New, Today: 27',
      'New, Last 7 days: 111',
      'Accept, Today: 6',
      'Accept, Last 7 days: 52',
      'Reject, Today: 0',
      'Reject, Last 7 days: 24',
    ]);
    // Heights follow the figures: 111 is the tallest, 0 is flat.
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(Math.max(...heights)).toBe(heights[1]);
    expect(heights[4]).toBe(0);
    fireEvent.click(bars[3]);
    expect(onBarClick).toHaveBeenCalledWith(1, 'week');
    fireEvent.click(bars[4]);
    expect(onBarClick).toHaveBeenCalledTimes(1);
  });

  it('lays out at its own width: on a phone the bars lie down, one row a status, text at its size (issue 36, 8)', () => {
    const real = globalThis.ResizeObserver;
    // What the browser would measure: a phone's card, 340 px wide.
    globalThis.ResizeObserver = class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe() {
        this.report([{ contentRect: { width: 340 } } as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      const onBarClick = vi.fn();
      const { getByTestId, container } = render(
        <OverviewChart
          labels={['New', 'Processing', 'Eyeball']}
          series={[
            { id: 'today', label: 'Today', data: [3, 0, 1] },
            { id: 'week', label: 'Last 7 days', data: [9, 2, 4] },
          ]}
          onBarClick={onBarClick}
        />,
      );
      const chart = getByTestId('overview-chart');
      expect(chart.getAttribute('data-layout')).toBe('horizontal');
      // Drawn at 340 units for 340 pixels: its 12 px text stays 12 px.
      expect(chart.getAttribute('viewBox')).toBe('0 0 340 200');
      const bars = [...container.querySelectorAll('rect')].filter((rect) => rect.querySelector('title'));
      // Lying down: the bar's length follows its figure; each status in a row of its own.
      const widths = bars.map((bar) => Number(bar.getAttribute('width')));
      expect(Math.max(...widths)).toBe(widths[1]);
      expect(widths[2]).toBe(0);
      expect(new Set(bars.map((bar) => bar.getAttribute('y'))).size).toBe(6);
      fireEvent.click(bars[5]);
      expect(onBarClick).toHaveBeenCalledWith(2, 'week');
    } finally {
      globalThis.ResizeObserver = real;
    }
  });
  it('is drawn once, at the width measured, not first at a default width (the shipment list drew it twice on a phone)', () => {
    const real = globalThis.ResizeObserver;
    let report: (() => void) | undefined;
    // A browser's observer: it reports the width after layout, not while observe() is called.
    globalThis.ResizeObserver = class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe() {
        report = () => this.callback([{ contentRect: { width: 380 } } as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      const { getByTestId } = render(
        <OverviewChart labels={['New', 'Accept']} series={[{ id: 'today', label: 'Today', data: [3, 1] }]} onBarClick={vi.fn()} />,
      );
      const chart = getByTestId('overview-chart');
      expect(chart.querySelectorAll('rect, text')).toHaveLength(0);
      act(() => report?.());
      expect(chart.getAttribute('viewBox')).toBe('0 0 380 200');
      expect(chart.querySelectorAll('rect').length).toBeGreaterThan(0);
    } finally {
      globalThis.ResizeObserver = real;
    }
  });
});
