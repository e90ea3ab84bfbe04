import { useRef, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { Confirm, Link, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { offers, type RuleListPlugin } from '../../../plugins/types';
import { RULE_LIST_IMPORT_MAX_BYTES, type ImportMode, type ImportProblem } from '../../domain/ruleListImport';
import { saveCsv } from './downloadCsv';
import { readImportFile } from './importFile';
import { ListByFunctionIdPage } from './ListByFunctionIdPage';
import { ImportRefusedError, type RuleListDataProvider } from './ruleListDataProvider';
import { listLabel, pluginTexts, usePermittedPlugins, useRuleListPaths } from './useRuleLists';

type Outcome = { kind: 'done'; message: string } | { kind: 'refused'; message: string; problems: ImportProblem[]; total: number } | undefined;

function ImportReport({ outcome }: { outcome: Extract<Outcome, { kind: 'refused' }> }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" role="alert" sx={{ mt: 2, '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{translate('app.ruleLists.importPage.reportTitle')}</AlertTitle>
      <Typography variant="body2">{outcome.message}</Typography>
      {outcome.total > outcome.problems.length && (
        <Typography variant="body2">{translate('app.ruleLists.importPage.reportMore', { shown: outcome.problems.length, total: outcome.total })}</Typography>
      )}
      {outcome.problems.length > 0 && (
        <Table size="small" sx={{ mt: 1, bgcolor: 'background.paper' }} aria-label={translate('app.ruleLists.importPage.reportTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.ruleLists.importPage.line')}</TableCell>
              <TableCell>{translate('app.ruleLists.importPage.column')}</TableCell>
              <TableCell>{translate('app.ruleLists.importPage.problem')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {outcome.problems.map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the report is one answer's list, never reordered or edited, and its rows hold no state; two problems may share line, column and text
              <TableRow key={index}>
                <TableCell>{problem.line > 0 ? problem.line : translate('app.ruleLists.importPage.wholeFile')}</TableCell>
                <TableCell>{problem.column || translate('app.ruleLists.importPage.wholeRow')}</TableCell>
                <TableCell>{problem.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Alert>
  );
}

function ImportForm({ plugin }: { plugin: RuleListPlugin }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<RuleListDataProvider>();
  const paths = useRuleListPaths();
  const permitted = usePermittedPlugins();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [mode, setMode] = useState<ImportMode>('append');
  const [busy, setBusy] = useState(false);
  const [confirmReplace, setConfirmReplace] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const texts = pluginTexts(plugin);
  const list = translate(texts.label, { _: plugin.label });

  const runImport = async () => {
    if (!file) return;
    setBusy(true);
    setOutcome(undefined);
    try {
      const read = await readImportFile(file);
      if ('problem' in read) {
        setOutcome({ kind: 'refused', message: read.problem, problems: [], total: 0 });
        return;
      }
      const result = await dataProvider.importRows(plugin.name, { fileName: file.name, content: read.content, mode });
      setOutcome({ kind: 'done', message: result.message });
      notify(result.message, { type: 'success' });
      setFile(undefined);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      if (error instanceof ImportRefusedError) setOutcome({ kind: 'refused', message: error.message, problems: error.problems, total: error.total });
      else notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography sx={{ mb: 2 }}>{translate('app.ruleLists.importPage.intro', { max: RULE_LIST_IMPORT_MAX_BYTES / 1024 / 1024 })}</Typography>
        <Stack spacing={3} sx={{ maxWidth: 720 }}>
          <FormControl size="small" sx={{ maxWidth: 420 }}>
            <InputLabel id="import-list-label">{translate('app.ruleLists.importPage.list')}</InputLabel>
            <Select
              labelId="import-list-label"
              label={translate('app.ruleLists.importPage.list')}
              value={plugin.name}
              onChange={(event) => {
                const next = permitted.find((candidate) => candidate.name === event.target.value);
                if (next) navigate(paths.importPage(next));
              }}
            >
              {(permitted.some((candidate) => candidate.name === plugin.name) ? permitted : [plugin, ...permitted]).map((candidate) => (
                <MenuItem key={candidate.name} value={candidate.name}>
                  {listLabel(translate, candidate)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>

          <Box>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {translate('app.ruleLists.importPage.columns')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {plugin.importColumns.map((source) => {
                const field = plugin.fields.find((candidate) => candidate.source === source)!;
                return (
                  <Chip
                    key={source}
                    size="small"
                    variant={field.required ? 'filled' : 'outlined'}
                    label={`${translate(texts.field(source), { _: field.label })}${field.required ? ' *' : ''}`}
                  />
                );
              })}
            </Box>
          </Box>

          <Box>
            <Typography variant="subtitle2" component="h2" id="import-file-label" sx={{ mb: 1 }}>
              {translate('app.ruleLists.importPage.file')}
            </Typography>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-labelledby="import-file-label"
              data-testid="import-file"
              onChange={(event) => {
                setFile(event.target.files?.[0]);
                setOutcome(undefined);
              }}
            />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <MuiButton variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()} disabled={busy}>
                {translate('app.ruleLists.importPage.choose')}
              </MuiButton>
              <Typography color={file ? 'text.primary' : 'text.secondary'} aria-live="polite">
                {file ? file.name : translate('app.ruleLists.importPage.noFile')}
              </Typography>
            </Stack>
          </Box>

          <FormControl>
            <FormLabel id="import-mode-label">{translate('app.ruleLists.importPage.mode')}</FormLabel>
            <RadioGroup aria-labelledby="import-mode-label" value={mode} onChange={(event) => setMode(event.target.value as ImportMode)}>
              <FormControlLabel value="append" control={<Radio />} label={translate('app.ruleLists.importPage.append')} />
              <FormControlLabel value="replace" control={<Radio />} label={translate('app.ruleLists.importPage.replace')} />
            </RadioGroup>
            {mode === 'replace' && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {translate('app.ruleLists.importPage.replaceWarning')}
              </Alert>
            )}
          </FormControl>

          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <MuiButton
              variant="contained"
              disabled={!file || busy}
              onClick={() => (mode === 'replace' ? setConfirmReplace(true) : runImport())}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {translate(busy ? 'app.ruleLists.importPage.importing' : 'app.ruleLists.importPage.submit')}
            </MuiButton>
            {offers(plugin, 'importTemplate') && (
              <MuiButton
                onClick={async () => {
                  try {
                    saveCsv(await dataProvider.importTemplate(plugin.name));
                  } catch {
                    notify('app.ruleLists.notify.downloadFailed', { type: 'error' });
                  }
                }}
              >
                {translate('app.ruleLists.importPage.template')}
              </MuiButton>
            )}
            <MuiButton component={Link} to={paths.list(plugin)} startIcon={<ArrowBackIcon />}>
              {translate('app.ruleLists.importPage.back', { list })}
            </MuiButton>
          </Stack>
        </Stack>
        <Box aria-live="polite">
          {outcome?.kind === 'done' && (
            <Alert severity="success" sx={{ mt: 2 }}>
              {outcome.message}
            </Alert>
          )}
          {outcome?.kind === 'refused' && <ImportReport outcome={outcome} />}
        </Box>
      </CardContent>
      <Confirm
        isOpen={confirmReplace}
        title={translate('app.ruleLists.importPage.confirmReplaceTitle', { list })}
        content="app.ruleLists.importPage.replaceWarning"
        confirm="app.ruleLists.importPage.confirmReplace"
        confirmColor="warning"
        onConfirm={() => {
          setConfirmReplace(false);
          void runImport();
        }}
        onClose={() => setConfirmReplace(false)}
      />
    </Card>
  );
}

/** adminlistimport/{functionId}: bulk import into the list of that function, all or nothing, with a report. */
export function ImportPage() {
  return <ListByFunctionIdPage title="app.ruleLists.importPage.title">{(plugin) => <ImportForm key={plugin.name} plugin={plugin} />}</ListByFunctionIdPage>;
}
