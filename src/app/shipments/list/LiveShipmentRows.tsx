import { createContext, useContext, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Button, ListContextProvider, useListContext, useTranslate } from 'react-admin';
import { type LiveEvent, SHIPMENT_CHANGE_KINDS } from '../../../domain/liveEvents';
import { useLiveEvents, useLiveFallback } from '../../live/LiveEventsProvider';
import type { ShipmentRecord } from '../shipmentDataProvider';

/** How long a row that changed stays highlighted. */
export const ROW_FLASH_MS = 2500;
/** Events that come together (a bulk decision) are one reload of the page. */
const REFETCH_DEBOUNCE_MS = 250;

export interface LiveRowState {
  /** Just changed: highlighted for a moment. */
  flashing: ReadonlySet<string>;
  /** Changed so that it no longer matches the filters: kept in place, marked, until the search changes. */
  noLongerMatching: ReadonlySet<string>;
}

const LiveRowContext = createContext<LiveRowState>({ flashing: new Set(), noLongerMatching: new Set() });

export function useLiveRows(): LiveRowState {
  return useContext(LiveRowContext);
}

interface KeptRow {
  record: ShipmentRecord;
  index: number;
}

/**
 * The rows in view of the shipment list, kept current by the live stream (issue 19): an event about
 * a row in view reloads the page of the list (debounced; events about other shipments cost nothing),
 * the changed rows flash, and a row that no longer matches the filters stays where it was with its
 * new status and a note saying so, instead of vanishing, until the user changes the search. While the
 * stream is down the page is reloaded every 30 seconds instead; after a gap it is reloaded once.
 * New shipments are not fetched unasked (the list stays as the user reads it): a note says how many
 * arrived, with one click to show them.
 */
export function LiveShipmentRows({ children }: { children: ReactNode }) {
  const list = useListContext<ShipmentRecord>();
  const { data, isFetching, refetch } = list;
  const [kept, setKept] = useState<ReadonlyMap<string, KeptRow>>(new Map());
  const [flashing, setFlashing] = useState<ReadonlySet<string>>(new Set());
  const [arrived, setArrived] = useState<ReadonlySet<string>>(new Set());
  const translate = useTranslate();
  /** Events about rows in view, waiting for the reload they asked for. */
  const pending = useRef(new Map<string, LiveEvent>());
  const waiting = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The rows as last shown, with their places: what a row that left the result looked like. */
  const shown = useRef(new Map<string, KeptRow>());

  // A new search (filters, sort, page) starts afresh.
  const search = JSON.stringify([list.filterValues, list.sort, list.page, list.perPage]);
  useEffect(() => {
    void search;
    setKept(new Map());
    setArrived(new Set());
    pending.current.clear();
  }, [search]);

  function reload() {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      waiting.current = true;
      void refetch();
    }, REFETCH_DEBOUNCE_MS);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  useLiveEvents(
    (event) => {
      const id = event.shipmentId;
      if (id && event.kind === 'created' && !shown.current.has(id)) setArrived((ids) => new Set(ids).add(id));
      if (!id || !SHIPMENT_CHANGE_KINDS.has(event.kind)) return;
      if (!shown.current.has(id) && !kept.has(id)) return;
      pending.current.set(id, event);
      reload();
    },
    () => showAll(),
  );
  useLiveFallback(() => void refetch());

  function showAll() {
    setArrived(new Set());
    void refetch();
  }

  // Once the reload asked for is in: flash what changed, keep in place what left the result.
  useEffect(() => {
    const rows = data ?? [];
    if (waiting.current && !isFetching) {
      waiting.current = false;
      const inResult = new Set(rows.map((record) => record.id));
      const nextKept = new Map(kept);
      const changed = new Set<string>();
      for (const [id, event] of pending.current) {
        changed.add(id);
        if (inResult.has(id)) {
          nextKept.delete(id);
          continue;
        }
        const before = nextKept.get(id) ?? shown.current.get(id);
        if (before)
          nextKept.set(id, {
            index: before.index,
            record: { ...before.record, Status: (event.status as ShipmentRecord['Status'] | null) ?? before.record.Status },
          });
      }
      pending.current.clear();
      setKept(nextKept);
      setFlashing(changed);
    }
    if (!isFetching) shown.current = new Map(rows.map((record, index) => [record.id, { record, index }]));
  }, [data, isFetching, kept]);

  useEffect(() => {
    if (flashing.size === 0) return;
    const done = setTimeout(() => setFlashing(new Set()), ROW_FLASH_MS);
    return () => clearTimeout(done);
  }, [flashing]);

  const value = useMemo(() => {
    if (kept.size === 0 || !data) return list;
    const merged = data.filter((record) => !kept.has(record.id));
    const added = data.length - merged.length;
    for (const { record, index } of [...kept.values()].sort((a, b) => a.index - b.index)) merged.splice(Math.min(index, merged.length), 0, record);
    // Counted too, or a result that lost its last row would show the empty state instead of the kept one.
    return { ...list, data: merged, total: (list.total ?? 0) + kept.size - added };
  }, [list, data, kept]);
  const rows = useMemo(() => ({ flashing, noLongerMatching: new Set(kept.keys()) }), [flashing, kept]);
  // The grid renders what arrives (a page of rows, a reload) as deferred work, in slices that leave the main thread
  // free between them, instead of within the update that brought it, in one long task (issue 16). The rows and their
  // live marks are deferred as one, so that a row never shows a mark of a newer state than its own.
  const inView = useDeferredValue(useMemo(() => ({ list: value, rows }), [value, rows]));
  // The user's own selection is not deferred: a row's checkbox shows its new state within the click.
  const { selectedIds, onSelect, onSelectAll, onToggleItem, onUnselectItems } = list;
  const grid = useMemo(
    () => ({ ...inView.list, selectedIds, onSelect, onSelectAll, onToggleItem, onUnselectItems }),
    [inView.list, selectedIds, onSelect, onSelectAll, onToggleItem, onUnselectItems],
  );

  return (
    <ListContextProvider value={grid}>
      {arrived.size > 0 && (
        <Alert
          severity="info"
          role="status"
          sx={{ mb: 1 }}
          action={
            <Button label="app.shipments.list.showNew" onClick={showAll}>
              <RefreshIcon />
            </Button>
          }
        >
          {translate('app.shipments.list.newArrived', { smart_count: arrived.size })}
        </Alert>
      )}
      <LiveRowContext.Provider value={inView.rows}>{children}</LiveRowContext.Provider>
    </ListContextProvider>
  );
}
