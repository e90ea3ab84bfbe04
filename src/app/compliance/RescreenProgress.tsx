import { Alert, LinearProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { pluginByName } from '../../../plugins/lookup';
import { useLiveEvents, useLiveState } from '../live/LiveEventsProvider';
import { useHttpClient } from '../users/useHttpClient';

interface RescreenRun {
  RunId: string;
  ListName: string;
  State: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'SUPERSEDED';
  Total: number;
  Done: number;
  Changed: number;
  /** Shipments assessed again; a targeted run (after new versions of sanctions sources) passes over those their changed entries do not concern. */
  Screened?: number;
  Targeted?: boolean;
  Reason: string;
  CreatedAt?: string;
  StartedAt?: string | null;
  FinishedAt: string | null;
  Error: string | null;
  /** Asked for one list whose change another list's run took over: that list. */
  Includes?: string | null;
}

/** Finished runs are shown for this long, so the admin who made the change sees the outcome. */
const SHOW_FINISHED_MS = 10 * 60_000;

/**
 * After a change of a list that decides, the company's open shipments are screened again in the
 * background (issue 6): this shows how far that has got, moved by the live stream's re-screening
 * events (issue 19; a run reports its progress in steps, so each step asks once), polling only
 * while the stream is not live.
 */
export function RescreenProgress({ listName }: { listName?: string } = {}) {
  const translate = useTranslate();
  const http = useHttpClient();
  const live = useLiveState() === 'live';
  const runs = useQuery({
    // A list's page asks for the run of that list's change (issue 18, item 7); without one, the company's latest.
    queryKey: ['classic', 'rescreenruns', listName ?? null],
    // Progress is a courtesy: an answer it cannot read leaves the page as it is.
    queryFn: async () => {
      const path = listName ? `/rescreenruns?list=${encodeURIComponent(listName)}` : '/rescreenruns';
      const answer = await http.classic<{ status?: number; data?: RescreenRun[] }>(path, { validateStatus: false });
      return answer.status === 200 && answer.json?.status === 1 && Array.isArray(answer.json.data) ? answer.json.data : [];
    },
    refetchInterval: (query) => (live ? 60_000 : query.state.data?.some((run) => run.State === 'QUEUED' || run.State === 'RUNNING') ? 2000 : 15000),
  });
  const { refetch } = runs;
  const step = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(step.current), []);
  useLiveEvents(
    (event) => {
      if (event.kind !== 'rescreen') return;
      clearTimeout(step.current);
      step.current = setTimeout(() => void refetch(), 200);
    },
    () => void refetch(),
  );
  const run = runs.data?.find((candidate) => candidate.State !== 'SUPERSEDED');
  if (!run) return null;
  const running = run.State === 'QUEUED' || run.State === 'RUNNING';
  if (!running && (!run.FinishedAt || Date.now() - Date.parse(run.FinishedAt) > SHOW_FINISHED_MS)) return null;
  const labelOf = (name: string) => {
    const plugin = pluginByName(name);
    return plugin ? translate(`app.ruleList.${plugin.name}`, { _: plugin.label }) : name;
  };
  const list = labelOf(run.ListName);
  const began = run.StartedAt ?? run.CreatedAt;
  const seconds = run.FinishedAt && began ? Math.max(0, Math.round((Date.parse(run.FinishedAt) - Date.parse(began)) / 1000)) : 0;
  const targeted = run.Targeted && run.State !== 'FAILED' && run.State !== 'SUPERSEDED';
  const message = [
    translate(`app.compliance.rescreen.${run.State}${targeted ? '_TARGETED' : ''}`, {
      list,
      done: run.Done,
      total: run.Total,
      changed: run.Changed,
      screened: run.Screened ?? run.Done,
      seconds,
      error: run.Error ?? '',
    }),
    run.Includes ? translate('app.compliance.rescreen.includes', { list: labelOf(run.Includes) }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Alert severity={run.State === 'FAILED' ? 'error' : running ? 'info' : 'success'} role="status" sx={{ mb: 2 }}>
      {message}
      {running && (
        <LinearProgress
          variant={run.Total > 0 ? 'determinate' : 'indeterminate'}
          value={run.Total > 0 ? (100 * run.Done) / run.Total : undefined}
          sx={{ mt: 1 }}
          aria-label={message}
        />
      )}
    </Alert>
  );
}
