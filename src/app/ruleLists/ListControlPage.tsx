import { useEffect, useState } from 'react';
import { Alert, Button as MuiButton, Card, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { offers } from '../../../plugins/types';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import HistoryIcon from '@mui/icons-material/History';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { Link, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { pluginByName } from '../../../plugins/lookup';
import { utcDateTime } from '../../domain/dateRange';
import { EmptyState, PageFrame } from '../admin/PageFrame';
import { saveCsv } from './downloadCsv';
import { LoadingBox } from '../admin/LoadingBox';
import type { RuleListDataProvider, RuleListOverviewEntry } from './ruleListDataProvider';
import { RuleListScope } from './RuleListScope';
import { listLabel, useRuleListPaths } from './useRuleLists';

function useOverview() {
  const dataProvider = useDataProvider<RuleListDataProvider>();
  const [state, setState] = useState<{ entries?: RuleListOverviewEntry[]; error?: string }>({});
  useEffect(() => {
    let live = true;
    dataProvider.overview().then(
      (entries) => live && setState({ entries }),
      (error: unknown) => live && setState({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [dataProvider]);
  return state;
}

function ControlTable() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<RuleListDataProvider>();
  const paths = useRuleListPaths();
  const { entries, error } = useOverview();
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!entries) return <LoadingBox />;
  if (entries.length === 0) return <EmptyState text="app.ruleLists.control.empty" />;
  return (
    <TableContainer component={Card} variant="outlined">
      <Table size="small" aria-label={translate('app.page.adminlistcontrol')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.ruleLists.control.list')}</TableCell>
            <TableCell align="right">{translate('app.ruleLists.control.rows')}</TableCell>
            <TableCell>{translate('app.ruleLists.control.lastChange')}</TableCell>
            <TableCell>{translate('app.ruleLists.control.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => {
            const plugin = pluginByName(entry.name);
            if (!plugin) return null;
            const label = listLabel(translate, plugin);
            return (
              <TableRow key={entry.name} hover>
                <TableCell component="th" scope="row">
                  <Link to={paths.list(plugin)}>{label}</Link>
                </TableCell>
                <TableCell align="right">{entry.rows.toLocaleString()}</TableCell>
                <TableCell>
                  {entry.lastChangedAt
                    ? `${utcDateTime(entry.lastChangedAt)} ${translate('app.ruleLists.control.by', { user: entry.lastChangedBy })}`
                    : translate('app.ruleLists.control.never')}
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    {offers(plugin, 'import') && (
                      <MuiButton
                        size="small"
                        component={Link}
                        to={paths.importPage(plugin)}
                        startIcon={<UploadIcon />}
                        aria-label={`${translate('app.ruleLists.toolbar.import')} ${label}`}
                      >
                        {translate('app.ruleLists.toolbar.import')}
                      </MuiButton>
                    )}
                    {offers(plugin, 'export') && (
                      <MuiButton
                        size="small"
                        startIcon={<DownloadIcon />}
                        aria-label={`${translate('app.ruleLists.toolbar.export')} ${label}`}
                        onClick={async () => {
                          try {
                            saveCsv(await dataProvider.exportRows(plugin.name, {}));
                          } catch {
                            notify('app.ruleLists.notify.downloadFailed', { type: 'error' });
                          }
                        }}
                      >
                        {translate('app.ruleLists.toolbar.export')}
                      </MuiButton>
                    )}
                    {offers(plugin, 'userLog') && (
                      <MuiButton
                        size="small"
                        component={Link}
                        to={paths.userLog(plugin)}
                        startIcon={<HistoryIcon />}
                        aria-label={`${translate('app.ruleLists.toolbar.userLog')} ${label}`}
                      >
                        {translate('app.ruleLists.toolbar.userLog')}
                      </MuiButton>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** adminlistcontrol: every rule list the user may maintain, its size and last change, with Import, Export and User Log. */
export function ListControlPage() {
  const translate = useTranslate();
  return (
    <PageFrame title="app.page.adminlistcontrol">
      <Typography sx={{ mb: 2 }}>{translate('app.ruleLists.control.intro')}</Typography>
      <RuleListScope resource="rulelists">
        <ControlTable />
      </RuleListScope>
    </PageFrame>
  );
}
