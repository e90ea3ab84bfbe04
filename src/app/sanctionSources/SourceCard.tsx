import { useState, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { isHandledHttpError } from '../../../dataProviders/httpErrors';
import { utcDateTime } from '../../domain/dateRange';
import { LoadingBox } from '../admin/LoadingBox';
import { formatCount } from './formatCount';
import { CHANGE_KINDS, problemText, type ChangeKind, type SanctionSource, type SourceAttempt, type SourceVersion } from './sanctionSourcesApi';
import { useSanctionSourcesApi } from './useSanctionSourcesApi';

/** Problems of a last failure shown on the card; the rest are counted. */
const FAILURE_PROBLEMS_SHOWN = 3;
/** Characters of the file hash shown; the whole hash is in the tooltip. */
const SHORT_HASH = 12;

export type ShowChanges = (version: SourceVersion, kind: ChangeKind) => void;

const CHANGE_COUNT: Record<ChangeKind, keyof SourceVersion> = { added: 'Added', removed: 'Removed', changed: 'Changed' };

/** Who imported a version: the user who uploaded it, or the schedule or the demo world. */
export function importedBy(translate: TranslateFunction, version: SourceVersion): string {
  if (version.ImportedBy) return translate('app.sanctionSources.by.user', { user: version.ImportedBy });
  return translate(`app.sanctionSources.by.${version.Via}`, { _: version.Via });
}

function FileHash({ hash }: { hash: string }) {
  const translate = useTranslate();
  return (
    <Tooltip title={hash} describeChild>
      <Box
        component="code"
        // Focusable, so the whole hash in the tooltip can be read from the keyboard too.
        tabIndex={0}
        aria-label={translate('app.sanctionSources.hashLabel', { hash })}
        sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13 }}
      >
        {hash.slice(0, SHORT_HASH)}…
      </Box>
    </Tooltip>
  );
}

/** The added, removed and changed counts of a version, each a button listing those entries. */
function ChangeButtons({ version, onShow }: { version: SourceVersion; onShow: ShowChanges }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {CHANGE_KINDS.map((kind) => {
        const count = version[CHANGE_COUNT[kind]] as number;
        return (
          <Button
            key={kind}
            size="small"
            variant="outlined"
            color={kind === 'removed' ? 'warning' : 'primary'}
            disabled={count === 0}
            aria-label={translate('app.sanctionSources.changes.show', {
              count: formatCount(count),
              kind: translate(`app.sanctionSources.changes.kinds.${kind}`),
            })}
            onClick={() => onShow(version, kind)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {translate(`app.sanctionSources.changes.${kind}`, { count: formatCount(count) })}
          </Button>
        );
      })}
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function CurrentVersion({ version, onShow }: { version: SourceVersion; onShow: ShowChanges }) {
  const translate = useTranslate();
  const field = (name: string) => translate(`app.sanctionSources.fields.${name}`);
  return (
    <Box
      component="dl"
      aria-label={translate('app.sanctionSources.current')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.75, m: 0, alignItems: 'baseline' }}
    >
      <Detail label={field('PublishedAt')}>{version.PublishedAt ? utcDateTime(version.PublishedAt) : translate('app.sanctionSources.notGiven')}</Detail>
      <Detail label={field('ImportedAt')}>{utcDateTime(version.ImportedAt)}</Detail>
      <Detail label={field('ImportedBy')}>{importedBy(translate, version)}</Detail>
      <Detail label={field('Entries')}>{formatCount(version.Entries)}</Detail>
      <Detail label={field('Aliases')}>
        {translate('app.sanctionSources.aliases', { aliases: formatCount(version.Aliases), weak: formatCount(version.WeakAliases) })}
      </Detail>
      <Detail label={field('FileNames')}>{version.FileNames}</Detail>
      <Detail label={field('FileHash')}>
        <FileHash hash={version.FileHash} />
      </Detail>
      <Detail label={translate('app.sanctionSources.changes.title')}>
        <ChangeButtons version={version} onShow={onShow} />
      </Detail>
    </Box>
  );
}

/** Every N minutes in words: "every 6 hours", "every day". */
function periodKey(minutes: number): { key: string; count: number } {
  if (minutes % 1440 === 0) return { key: 'days', count: minutes / 1440 };
  if (minutes % 60 === 0) return { key: 'hours', count: minutes / 60 };
  return { key: 'minutes', count: minutes };
}

/** Where and how often the server fetches the source, or that it is only uploaded. */
function RefreshSchedule({ schedule }: { schedule: SanctionSource['Schedule'] }) {
  const translate = useTranslate();
  if (!schedule) return null;
  if (schedule.Urls.length === 0 || schedule.EveryMinutes === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.sanctionSources.schedule.none')}
      </Typography>
    );
  }
  const period = periodKey(schedule.EveryMinutes);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {translate('app.sanctionSources.schedule.every', {
        period: translate(`app.sanctionSources.schedule.${period.key}`, { smart_count: period.count }),
        urls: schedule.Urls.join(', '),
      })}
    </Typography>
  );
}

function LastFailure({ attempt }: { attempt: SourceAttempt }) {
  const translate = useTranslate();
  const at = utcDateTime(attempt.At);
  const title =
    attempt.Outcome === 'failed'
      ? translate('app.sanctionSources.lastFailure.failed', { at })
      : attempt.Via === 'schedule'
        ? translate('app.sanctionSources.lastFailure.refusedScheduled', { at })
        : translate('app.sanctionSources.lastFailure.refused', { at, by: attempt.RequestedBy ?? translate(`app.sanctionSources.by.${attempt.Via}`) });
  // A refusal's reason is its first problem: the list is worth showing when there are more.
  const problems =
    attempt.Problems.length > 1 || (attempt.Problems.length === 1 && problemText(attempt.Problems[0]) !== attempt.Reason) ? attempt.Problems : [];
  const rest = problems.length - FAILURE_PROBLEMS_SHOWN;
  return (
    <Alert severity="warning" sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}>
      <AlertTitle>{title}</AlertTitle>
      {attempt.Reason && <Typography variant="body2">{attempt.Reason}</Typography>}
      {problems.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} aria-label={translate('app.sanctionSources.lastFailure.problems')}>
          {problems.slice(0, FAILURE_PROBLEMS_SHOWN).map((problem, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one attempt's list, never reordered, without state; two problems may read the same
            <Typography component="li" variant="body2" key={index}>
              {problemText(problem)}
            </Typography>
          ))}
          {rest > 0 && (
            <Typography component="li" variant="body2" sx={{ listStyle: 'none' }}>
              {translate('app.sanctionSources.lastFailure.more', { smart_count: rest })}
            </Typography>
          )}
        </Box>
      )}
    </Alert>
  );
}

/** The source's versions, newest first (GET sanctionsources/{source}/versions), read when the list is opened. */
function VersionsTable({ source, onShow }: { source: SanctionSource; onShow: ShowChanges }) {
  const translate = useTranslate();
  const api = useSanctionSourcesApi();
  const versions = useQuery({ queryKey: ['classic', 'sanctionsources', 'versions', source.Source], queryFn: () => api.versions(source.Source) });
  if (versions.isPending) return <LoadingBox />;
  if (versions.isError) {
    return isHandledHttpError(versions.error) ? null : <Alert severity="error">{translate('app.sanctionSources.versions.loadFailed')}</Alert>;
  }
  if (versions.data.length === 0) return <Typography color="text.secondary">{translate('app.sanctionSources.versions.none')}</Typography>;
  const field = (name: string) => translate(`app.sanctionSources.fields.${name}`);
  const currentId = source.Current?.VersionId;
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('app.sanctionSources.versions.table', { source: source.Label })}>
        <TableHead>
          <TableRow>
            <TableCell>{field('ImportedAt')}</TableCell>
            <TableCell>{field('PublishedAt')}</TableCell>
            <TableCell>{field('ImportedBy')}</TableCell>
            <TableCell align="right">{field('Entries')}</TableCell>
            <TableCell align="right">{field('Aliases')}</TableCell>
            <TableCell>{field('Changes')}</TableCell>
            <TableCell>{field('FileNames')}</TableCell>
            <TableCell>{field('FileHash')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {versions.data.map((version) => (
            <TableRow key={version.VersionId} selected={version.VersionId === currentId}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {utcDateTime(version.ImportedAt)}
                {version.VersionId === currentId && (
                  <Chip size="small" color="primary" label={translate('app.sanctionSources.versions.current')} sx={{ ml: 1 }} />
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{version.PublishedAt ? utcDateTime(version.PublishedAt) : ''}</TableCell>
              <TableCell>{importedBy(translate, version)}</TableCell>
              <TableCell align="right">{formatCount(version.Entries)}</TableCell>
              <TableCell align="right">{formatCount(version.Aliases)}</TableCell>
              <TableCell>
                <ChangeButtons version={version} onShow={onShow} />
              </TableCell>
              <TableCell>{version.FileNames}</TableCell>
              <TableCell>
                <FileHash hash={version.FileHash} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One official source: its current version, what that changed, its last failure, its versions, and the upload of a new one. */
export function SourceCard({ source, onUpload, onShowChanges }: { source: SanctionSource; onUpload(): void; onShowChanges: ShowChanges }) {
  const translate = useTranslate();
  const [versionsOpen, setVersionsOpen] = useState(false);
  const headingId = `source-${source.id}-title`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}>
          <Box>
            <Typography id={headingId} variant="h6" component="h2">
              {source.Label}
            </Typography>
            <Chip size="small" variant="outlined" label={source.Source} sx={{ mt: 0.5, fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }} />
          </Box>
          <Button
            variant="contained"
            startIcon={<UploadFileIcon />}
            onClick={onUpload}
            aria-label={translate('app.sanctionSources.upload.openOf', { source: source.Label })}
            sx={{ flexShrink: 0 }}
          >
            {translate('app.sanctionSources.upload.open')}
          </Button>
        </Stack>
        <Stack spacing={2}>
          {source.LastFailure && <LastFailure attempt={source.LastFailure} />}
          <RefreshSchedule schedule={source.Schedule} />
          {source.Current ? (
            <CurrentVersion version={source.Current} onShow={onShowChanges} />
          ) : (
            <Typography color="text.secondary">{translate('app.sanctionSources.noVersion')}</Typography>
          )}
          <Accordion
            disableGutters
            variant="outlined"
            expanded={versionsOpen}
            onChange={(_event, expanded) => setVersionsOpen(expanded)}
            slotProps={{ transition: { unmountOnExit: true } }}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`source-${source.id}-versions`} id={`source-${source.id}-versions-header`}>
              <Typography variant="subtitle2">{translate('app.sanctionSources.versions.title')}</Typography>
            </AccordionSummary>
            <AccordionDetails id={`source-${source.id}-versions`}>
              <VersionsTable source={source} onShow={onShowChanges} />
            </AccordionDetails>
          </Accordion>
        </Stack>
      </CardContent>
    </Card>
  );
}
