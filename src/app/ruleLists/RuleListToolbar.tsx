import { useState, type ReactElement } from 'react';
import AddIcon from '@mui/icons-material/Add';
import ClearIcon from '@mui/icons-material/FilterAltOffOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import HistoryIcon from '@mui/icons-material/History';
import PublicIcon from '@mui/icons-material/Public';
import TableIcon from '@mui/icons-material/TableChartOutlined';
import { Button, FilterButton, Link, TopToolbar, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import type { RuleListPlugin, ToolbarAction } from '../../../plugins/types';
import { saveCsv } from './downloadCsv';
import type { CsvDownload, RuleListDataProvider } from './ruleListDataProvider';
import { listLabel, useRuleListPaths } from './useRuleLists';

export interface ToolbarHandlers {
  onAdd(): void;
  onHelp(): void;
  onCountryList(): void;
}

/** A toolbar action that downloads a CSV, disabled while the file comes. */
function DownloadAction({ label, icon, fetchFile }: { label: string; icon: ReactElement; fetchFile(): Promise<CsvDownload> }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      const file = await fetchFile();
      saveCsv(file);
      notify('app.ruleLists.notify.downloaded', { type: 'info', messageArgs: { file: file.fileName } });
    } catch {
      notify('app.ruleLists.notify.downloadFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={label} onClick={click} disabled={busy}>
      {icon}
    </Button>
  );
}

/** A classic grid toolbar: one full-width row of actions above the search and filters. */
const toolbarSx = {
  flex: '1 1 100%',
  order: -1,
  justifyContent: 'flex-start',
  flexWrap: 'wrap',
  whiteSpace: 'normal',
  columnGap: 0.5,
  rowGap: 0.5,
  pb: 0.5,
} as const;

/**
 * The grid toolbar of spec 2, showing the actions the plugin declares, in its order. Edit, Delete,
 * Cancel and Resend act on selected rows and appear with the selection (RuleListBulkActions).
 */
export function RuleListToolbar({ plugin, onAdd, onHelp, onCountryList }: { plugin: RuleListPlugin } & ToolbarHandlers) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<RuleListDataProvider>();
  const { filterValues, sort, setFilters } = useListContext();
  const paths = useRuleListPaths();
  const hasFilters = plugin.fields.some((field) => field.filter);
  const buttons: Partial<Record<ToolbarAction, ReactElement>> = {
    add: (
      <Button key="add" label="app.ruleLists.toolbar.add" onClick={onAdd} variant="contained">
        <AddIcon />
      </Button>
    ),
    import: (
      <Button key="import" label="app.ruleLists.toolbar.import" component={Link} to={paths.importPage(plugin)}>
        <UploadIcon />
      </Button>
    ),
    importTemplate: (
      <DownloadAction
        key="importTemplate"
        label="app.ruleLists.toolbar.importTemplate"
        icon={<TableIcon />}
        fetchFile={() => dataProvider.importTemplate(plugin.name)}
      />
    ),
    export: (
      <DownloadAction
        key="export"
        label="app.ruleLists.toolbar.export"
        icon={<DownloadIcon />}
        fetchFile={() => dataProvider.exportRows(plugin.name, { sort, filter: filterValues })}
      />
    ),
    clear: (
      <Button key="clear" label="app.ruleLists.toolbar.clear" onClick={() => setFilters({}, {})} disabled={Object.keys(filterValues).length === 0}>
        <ClearIcon />
      </Button>
    ),
    userLog: (
      <Button key="userLog" label="app.ruleLists.toolbar.userLog" component={Link} to={paths.userLog(plugin)}>
        <HistoryIcon />
      </Button>
    ),
    help: (
      <Button key="help" label="app.ruleLists.toolbar.help" onClick={onHelp}>
        <HelpIcon />
      </Button>
    ),
    countryList: (
      <Button key="countryList" label="app.ruleLists.toolbar.countryList" onClick={onCountryList}>
        <PublicIcon />
      </Button>
    ),
  };
  return (
    <TopToolbar role="toolbar" aria-label={translate('app.ruleLists.toolbar.label', { list: listLabel(translate, plugin) })} sx={toolbarSx}>
      {hasFilters && <FilterButton />}
      {plugin.actions.map((action) => buttons[action] ?? null)}
    </TopToolbar>
  );
}
