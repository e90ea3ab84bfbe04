import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { isHandledHttpError } from '../../../dataProviders/httpErrors';
import { utcDateTime } from '../../domain/dateRange';
import type { SourceEntry } from '../../domain/screening/sources/model';
import { LoadingBox } from '../admin/LoadingBox';
import type { ChangeKind, SourceVersion } from './sanctionSourcesApi';
import { useSanctionSourcesApi } from './useSanctionSourcesApi';

/** Entries a page of the dialog lists. */
export const CHANGES_PAGE_SIZE = 50;
const ALIASES_SHOWN = 3;

export interface ShownChanges {
  version: SourceVersion;
  kind: ChangeKind;
  /** The source's label, for the dialog's title. */
  label: string;
}

function EntryRow({ entry }: { entry: SourceEntry }) {
  const translate = useTranslate();
  const aliases = (entry.aliases ?? []).slice(0, ALIASES_SHOWN).map((alias) => alias.full);
  const more = (entry.aliases?.length ?? 0) > ALIASES_SHOWN ? ' …' : '';
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.entryId}</TableCell>
      <TableCell>
        {entry.name.full}
        {aliases.length > 0 && (
          <Typography variant="caption" color="text.secondary" component="div">
            {translate('app.sanctionSources.changes.aka', { names: `${aliases.join('; ')}${more}` })}
          </Typography>
        )}
      </TableCell>
      <TableCell>{entry.partyType ?? ''}</TableCell>
      <TableCell>{(entry.programs ?? []).join(', ')}</TableCell>
    </TableRow>
  );
}

/** The entries one version added, removed or changed, a page at a time (GET sanctionsources/versions/{id}/{kind}). */
function ChangesTable({ shown }: { shown: ShownChanges }) {
  const translate = useTranslate();
  const api = useSanctionSourcesApi();
  const [page, setPage] = useState(0);
  const entries = useQuery({
    queryKey: ['classic', 'sanctionsources', 'changes', shown.version.VersionId, shown.kind, page],
    queryFn: () => api.changes(shown.version.VersionId, shown.kind, page * CHANGES_PAGE_SIZE, CHANGES_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  if (entries.isPending) return <LoadingBox />;
  if (entries.isError) {
    return isHandledHttpError(entries.error) ? null : <Alert severity="error">{translate('app.sanctionSources.changes.loadFailed')}</Alert>;
  }
  const { data: rows, total } = entries.data;
  if (total === 0) return <Typography color="text.secondary">{translate('app.sanctionSources.changes.none')}</Typography>;
  return (
    <>
      <Box sx={{ height: 4 }}>{entries.isFetching && <LinearProgress aria-label={translate('app.loading')} />}</Box>
      <TableContainer>
        <Table size="small" aria-label={translate('app.sanctionSources.changes.table')} aria-busy={entries.isFetching}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.sanctionSources.changes.entryId')}</TableCell>
              <TableCell>{translate('app.sanctionSources.changes.name')}</TableCell>
              <TableCell>{translate('app.sanctionSources.changes.type')}</TableCell>
              <TableCell>{translate('app.sanctionSources.changes.programs')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((entry) => (
              <EntryRow key={entry.entryId} entry={entry} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {total > CHANGES_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={CHANGES_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_event, next) => setPage(next)}
        />
      )}
    </>
  );
}

/** The dialog of one version's added, removed or changed entries; it keeps `shown` while it closes. */
export function SourceChangesDialog({ shown, open, onClose }: { shown: ShownChanges | undefined; open: boolean; onClose(): void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open && shown !== undefined} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="source-changes-title">
      {shown && (
        <>
          <DialogTitle id="source-changes-title">
            {translate(`app.sanctionSources.changes.dialogTitle.${shown.kind}`, {
              // A list's version is known by the day it was published; one the file does not date, by its import.
              date: shown.version.PublishedAt ? shown.version.PublishedAt.slice(0, 10) : utcDateTime(shown.version.ImportedAt),
            })}
            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
              {shown.label}
            </Typography>
          </DialogTitle>
          <DialogContent>
            <ChangesTable key={`${shown.version.VersionId}-${shown.kind}`} shown={shown} />
          </DialogContent>
        </>
      )}
      <DialogActions>
        <Button onClick={onClose}>{translate('app.dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
