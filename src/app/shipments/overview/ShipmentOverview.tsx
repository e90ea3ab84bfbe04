import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import './overview.css';
import { useQuery } from '@tanstack/react-query';
import { memo, type ReactNode, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useBasename, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { addDaysIso } from '../../../domain/dateRange';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '../../../domain/shipmentStatus';
import OverviewChart from './OverviewChart';
import { localDay, overviewKey, takeEarly } from '../firstScreen';
import { type AttentionCounts, type AttentionKind, HIT_AGE_BUCKETS, type HitAgeBucket, type OverviewAnswer } from '../../../domain/shipmentWire';
import { STATUS_KINDS } from '../../../domain/liveEvents';
import { useLiveEvents, useLiveFallback } from '../../live/LiveEventsProvider';
import { useShipmentApi } from '../useShipmentApi';

/** The chart's height, kept by its placeholder while the counts load. */
const CHART_HEIGHT = 200;

/** Decisions come in bursts (a bulk accept): the counts are asked for once the burst is over. */
const RECOUNT_DEBOUNCE_MS = 1000;

/**
 * The backlog at a glance (issue 4, "Overview"): the company's shipments by status for flights of
 * today and of the last 7 days. Each bar, and each figure below the chart, opens the filtered list.
 * The counts move live: a status change of any shipment the user may see asks for them again
 * (debounced); while the live stream is down, they are asked for every 30 seconds.
 */
export function ShipmentOverview() {
  const api = useShipmentApi();
  const today = localDay();
  const overview = useQuery({
    queryKey: ['awbapi', 'overview', today],
    queryFn: () => takeEarly<OverviewAnswer>(overviewKey(today)) ?? api.overview(today),
    staleTime: 60_000,
  });
  const { refetch } = overview;
  const recount = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(recount.current), []);
  useLiveEvents(
    (event) => {
      if (!STATUS_KINDS.has(event.kind)) return;
      clearTimeout(recount.current);
      recount.current = setTimeout(() => void refetch(), RECOUNT_DEBOUNCE_MS);
    },
    () => void refetch(),
  );
  useLiveFallback(() => void refetch());
  // The counts render as deferred work, in slices, instead of within react-query's notification that brought them, in
  // a long task (issue 16); what is shown (counts, loading, failure) is deferred as one, and the card renders only for it.
  const shown = useDeferredValue(
    useMemo(() => ({ data: overview.data, pending: overview.isPending, failed: overview.isError }), [overview.data, overview.isPending, overview.isError]),
  );
  return <OverviewCard today={today} {...shown} />;
}

/** The overview's chart and figures for the counts `data` (undefined while `pending`, or when they `failed`). */
const OverviewCard = memo(function OverviewCard({
  today,
  data,
  pending,
  failed,
}: {
  today: string;
  data: OverviewAnswer | undefined;
  pending: boolean;
  failed: boolean;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const basename = useBasename();
  const statuses = SHIPMENT_STATUSES;
  const label = (status: ShipmentStatus) => translate(`app.shipments.status.${status}`, { _: status });

  function openList(status: ShipmentStatus, range: 'today' | 'week') {
    const filter = { Status: [status], FlightDateFrom: range === 'today' ? today : addDaysIso(today, -6), FlightDateTo: today };
    navigate(`${basename}/shipment?${new URLSearchParams({ filter: JSON.stringify(filter), page: '1' })}`);
  }

  /** The list of exactly what a figure counts: a backlog figure's open hits of that age, oldest first (what has waited longest is seen first). */
  function openAttention(kind: AttentionKind, age?: HitAgeBucket) {
    const order: Record<string, string> = kind === 'OpenHits' ? { sort: 'MessageDate', order: 'ASC' } : {};
    const filter = age ? { Attention: [kind], HitAge: age } : { Attention: [kind] };
    navigate(`${basename}/shipment?${new URLSearchParams({ filter: JSON.stringify(filter), page: '1', ...order })}`);
  }

  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-labelledby="overview-title" aria-busy={pending}>
      <CardContent>
        <Typography id="overview-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {translate('app.shipments.overview.title')}
        </Typography>
        {/* Outside the Stack: as one of its items, the hidden status took a spacing of its own (16 px on a phone),
            which went when the counts came, moving all below up (issue 16). */}
        {pending && (
          <span role="status" className="visually-hidden">
            {translate('app.loading')}
          </span>
        )}
        {failed ? (
          <Typography color="text.secondary" sx={{ py: 3 }}>
            {translate('app.shipments.overview.unavailable')}
          </Typography>
        ) : (
          // While the counts load, the overview already has its final layout (the chart's box, the labels, a placeholder
          // per figure), so nothing below it moves when they arrive (issue 16: layout shift). When they arrive, they are
          // added to the page without changing or removing what is there: the chart replaces an empty box, each figure
          // fills its empty cell (whose placeholder is drawn by CSS). Drawing a chart of zeros and placeholder elements
          // first, then changing them, took some 150 attribute changes and 50 removals in the page: the longest task of
          // the shipment page's load in Lighthouse (issue 16).
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <Box sx={{ flex: 2, minWidth: 0 }} aria-hidden="true">
              {/* The chart repeats the table beside it for the eye; keyboard and screen reader users get the table, so the chart takes no focus. */}
              {data ? (
                <OverviewChart
                  height={CHART_HEIGHT}
                  labels={statuses.map(label)}
                  series={[
                    { id: 'today', label: translate('app.shipments.overview.today'), data: statuses.map((status) => data.TodayByStatus[status]) },
                    { id: 'week', label: translate('app.shipments.overview.week'), data: statuses.map((status) => data.Last7DaysByStatus[status]) },
                  ]}
                  onBarClick={(dataIndex, range) => openList(statuses[dataIndex], range)}
                />
              ) : (
                <div style={{ height: CHART_HEIGHT }} />
              )}
            </Box>
            <FigureTable caption={translate('app.shipments.overview.caption')} pending={!data}>
              <thead>
                <tr>
                  <th scope="col">{translate('app.shipments.fields.Status')}</th>
                  <th scope="col">{translate('app.shipments.overview.today')}</th>
                  <th scope="col">{translate('app.shipments.overview.week')}</th>
                </tr>
              </thead>
              <tbody>
                {statuses.map((status) => (
                  <tr key={status}>
                    <th scope="row">{label(status)}</th>
                    {(['today', 'week'] as const).map((range) => {
                      if (!data) return <td key={range} />;
                      const count = range === 'today' ? data.TodayByStatus[status] : data.Last7DaysByStatus[status];
                      return (
                        <td key={range}>
                          <Figure
                            count={count}
                            label={translate(range === 'today' ? 'app.shipments.overview.linkToday' : 'app.shipments.overview.linkWeek', {
                              smart_count: count,
                              status: label(status),
                            })}
                            onOpen={() => openList(status, range)}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </FigureTable>
            <AttentionFigures counts={data?.Attention} pending={pending} onOpen={openAttention} />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
});

/**
 * What needs attention among the company's open shipments (issue 18): the screening backlog (open
 * hits by how long their shipment has waited), hits awaiting review, denied hits, hard blocks and
 * undecided shipments whose flight leaves within 24 hours. Each figure opens the list filtered so.
 */
function AttentionFigures({
  counts,
  pending,
  onOpen,
}: {
  counts: AttentionCounts | undefined;
  /** The counts are on their way: the rows are shown, each figure's cell empty with a placeholder. */
  pending: boolean;
  onOpen: (kind: AttentionKind, age?: HitAgeBucket) => void;
}) {
  const translate = useTranslate();
  if (!counts && !pending) return null;
  const rows: { label: string; count: number | undefined; kind: AttentionKind; age?: HitAgeBucket }[] = [
    ...HIT_AGE_BUCKETS.map((bucket) => ({
      label: `${translate('app.shipments.attention.OpenHits')}: ${translate(`app.shipments.attention.${bucket}`)}`,
      count: counts?.OpenHitsByAge[bucket],
      kind: 'OpenHits' as const,
      age: bucket,
    })),
    { label: translate('app.shipments.attention.AwaitingReview'), count: counts?.AwaitingReview, kind: 'AwaitingReview' },
    { label: translate('app.shipments.attention.DeniedHit'), count: counts?.DeniedHit, kind: 'DeniedHit' },
    { label: translate('app.shipments.attention.HardBlock'), count: counts?.HardBlock, kind: 'HardBlock' },
    { label: translate('app.shipments.attention.undecidedSoon'), count: counts?.DepartingSoon, kind: 'DepartingSoon' },
  ];
  return (
    <FigureTable
      caption={
        <>
          <strong>{translate('app.shipments.attention.title')}</strong> {translate('app.shipments.attention.caption')}
        </>
      }
      pending={!counts}
    >
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>
              {row.count !== undefined && (
                <Figure
                  count={row.count}
                  label={translate('app.shipments.attention.link', { smart_count: row.count, what: row.label })}
                  onOpen={() => onOpen(row.kind, row.age)}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </FigureTable>
  );
}

/**
 * One of the overview's two tables of figures: the caption above, labels left, figures right. While `pending`, each
 * figure's cell is empty and shows a placeholder (overview.css), so that the figures are only added when they come.
 */
function FigureTable({ caption, pending, children }: { caption: ReactNode; pending: boolean; children: ReactNode }) {
  return (
    <Box component="table" className={pending ? 'overview-figures pending' : 'overview-figures'} sx={FIGURE_TABLE_SX}>
      <caption style={CAPTION_STYLE}>{caption}</caption>
      {children}
    </Box>
  );
}

/** The look of FigureTable. */
const FIGURE_TABLE_SX = {
  flex: 1,
  borderCollapse: 'collapse',
  fontSize: '0.875rem',
  '& th, & td': { px: 1, py: 0.25, textAlign: 'right' },
  '& th:first-of-type': { textAlign: 'left' },
  '& th[scope="row"]': { fontWeight: 400 },
} as const;
const CAPTION_STYLE = { captionSide: 'top', textAlign: 'left', fontSize: '0.75rem', color: 'inherit' } as const;

/**
 * A figure that opens the list it counts (named by `label` for screen readers); a plain 0 when there is nothing to
 * open. A plain button drawn like the theme's links by static CSS (overview.css): as MUI Links, the overview's two
 * dozen figures made emotion styles each, within the render that shows the counts (issue 16).
 */
function Figure({ count, label, onOpen }: { count: number; label: string; onOpen: () => void }) {
  if (count === 0) return <span>0</span>;
  return (
    <button type="button" className="overview-figure" onClick={onOpen} aria-label={label}>
      {count}
    </button>
  );
}
