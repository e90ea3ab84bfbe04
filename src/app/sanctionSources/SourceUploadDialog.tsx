import { useRef, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { useNotify, useTranslate } from 'react-admin';
import { ApiError, isHandledHttpError } from '../../../dataProviders/httpErrors';
import type { SourceProblem } from '../../domain/screening/sources/model';
import { formatBytes } from '../../domain/shipmentDocuments';
import { chosenFilesProblem, problemText, refusalProblems, SOURCE_FILES, SOURCE_MAX_BYTES, type SanctionSource } from './sanctionSourcesApi';
import { formatCount } from './formatCount';
import { useSanctionSourcesApi } from './useSanctionSourcesApi';

/** Problems of a refusal listed in the dialog; the rest are counted. */
const PROBLEMS_SHOWN = 10;

interface Refusal {
  message: string;
  problems: SourceProblem[];
}

function RefusalAlert({ refusal }: { refusal: Refusal }) {
  const translate = useTranslate();
  const rest = refusal.problems.length - PROBLEMS_SHOWN;
  return (
    <Alert severity="error" sx={{ '& .MuiAlert-message': { width: '100%', overflowWrap: 'anywhere' } }}>
      <AlertTitle>{translate('app.sanctionSources.upload.refused')}</AlertTitle>
      <Typography variant="body2">{refusal.message}</Typography>
      {refusal.problems.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} aria-label={translate('app.sanctionSources.lastFailure.problems')}>
          {refusal.problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one answer's list, never reordered, without state; two problems may read the same
            <Typography component="li" variant="body2" key={index}>
              {problemText(problem)}
            </Typography>
          ))}
          {rest > 0 && (
            <Typography component="li" variant="body2" sx={{ listStyle: 'none' }}>
              {translate('app.sanctionSources.upload.more', { smart_count: rest })}
            </Typography>
          )}
        </Box>
      )}
    </Alert>
  );
}

/** The files expected, in words, for the hint under the file choice. */
function useFilesHint(source: SanctionSource): string {
  const translate = useTranslate();
  const expected = SOURCE_FILES[source.Source];
  if (expected.names.length > 0) return translate('app.sanctionSources.upload.hintOfac', { files: expected.names.join(', '), primary: expected.names[0] });
  return translate(source.Source === 'UN' ? 'app.sanctionSources.upload.hintUn' : 'app.sanctionSources.upload.hintCsl');
}

/**
 * Upload a new version of one source (POST sanctionsources/{source}/import, multipart): OFAC's CSV set as several
 * files, the UN's XML or the CSL's CSV as one. The browser checks the names and the size first; the server's refusal
 * (the file's first problem, and the list of them) stays in the dialog, a success is notified and `onImported` called.
 */
export function SourceUploadDialog({ source, open, onClose, onImported }: { source: SanctionSource; open: boolean; onClose(): void; onImported(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useSanctionSourcesApi();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();
  const expected = SOURCE_FILES[source.Source];
  const hint = useFilesHint(source);
  const problem = chosenFilesProblem(source.Source, files);
  const inputId = `source-file-${source.id}`;

  function choose(chosen: FileList | null) {
    const picked = Array.from(chosen ?? []);
    if (picked.length === 0) return;
    setRefusal(undefined);
    // OFAC's set may be chosen in several goes: a file of the same name replaces the one chosen before.
    setFiles((before) =>
      expected.multiple ? [...before.filter((file) => !picked.some((next) => next.name.toLowerCase() === file.name.toLowerCase())), ...picked] : picked,
    );
    if (input.current) input.current.value = '';
  }

  function close() {
    if (!busy) onClose();
  }

  async function submit() {
    if (files.length === 0 || problem || busy) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      const answer = await api.importFiles(source.Source, files);
      const version = answer.Version;
      if (answer.Outcome === 'unchanged') notify('app.sanctionSources.upload.unchanged', { type: 'info' });
      else
        notify('app.sanctionSources.upload.imported', {
          type: 'success',
          messageArgs: {
            entries: formatCount(version.Entries),
            added: formatCount(version.Added),
            removed: formatCount(version.Removed),
            changed: formatCount(version.Changed),
          },
        });
      setBusy(false);
      onImported();
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError) {
        setRefusal({ message: error.message || translate('app.sanctionSources.upload.failed'), problems: refusalProblems(error.body) });
      } else if (!isHandledHttpError(error)) {
        setRefusal({ message: translate('app.sanctionSources.upload.failed'), problems: [] });
      }
    }
  }

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="source-upload-title" aria-describedby="source-upload-hint">
      <DialogTitle id="source-upload-title">{translate('app.sanctionSources.upload.title', { source: source.Label })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Box>
            <Typography variant="subtitle2" component="label" htmlFor={inputId} id={`${inputId}-label`} sx={{ display: 'block', mb: 1 }}>
              {translate(expected.multiple ? 'app.sanctionSources.upload.files' : 'app.sanctionSources.upload.file')}
            </Typography>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={expected.accept}
              multiple={expected.multiple}
              hidden
              onChange={(event) => choose(event.target.files)}
            />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={busy} autoFocus>
                {translate(expected.multiple ? 'app.sanctionSources.upload.choose' : 'app.sanctionSources.upload.chooseOne')}
              </Button>
              {files.length === 0 && <Typography color="text.secondary">{translate('app.sanctionSources.upload.noFile')}</Typography>}
            </Stack>
            {files.length > 0 && (
              <List dense aria-label={translate('app.sanctionSources.upload.chosen')} sx={{ py: 0 }}>
                {files.map((file) => (
                  <ListItem
                    key={file.name}
                    disableGutters
                    secondaryAction={
                      <IconButton
                        edge="end"
                        size="small"
                        aria-label={translate('app.sanctionSources.upload.remove', { file: file.name })}
                        title={translate('app.sanctionSources.upload.remove', { file: file.name })}
                        disabled={busy}
                        onClick={() => {
                          setRefusal(undefined);
                          setFiles((before) => before.filter((other) => other !== file));
                        }}
                      >
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    }
                  >
                    <ListItemText primary={file.name} secondary={formatBytes(file.size)} />
                  </ListItem>
                ))}
              </List>
            )}
            <Typography id="source-upload-hint" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {hint} {translate('app.sanctionSources.upload.hintSize', { max: SOURCE_MAX_BYTES / 1024 / 1024 })}
            </Typography>
            {problem && (
              <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
                {translate(problem.key, problem.args)}
              </Typography>
            )}
          </Box>
          {busy && (
            <Box role="status" aria-live="polite">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {translate('app.sanctionSources.upload.importing')}
              </Typography>
              <LinearProgress />
            </Box>
          )}
          {refusal && <RefusalAlert refusal={refusal} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate('app.dialog.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy || files.length === 0 || problem !== undefined}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate('app.sanctionSources.upload.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
