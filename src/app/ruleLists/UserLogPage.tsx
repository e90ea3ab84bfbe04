import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, DataTable, Link, List, SearchInput, SelectInput, TextInput, TopToolbar, useTranslate } from 'react-admin';
import type { RuleListPlugin } from '../../../plugins/types';
import { RULE_LIST_AUDIT_ACTIONS, type RuleListAuditEntry } from '../../domain/ruleListAudit';
import { EmptyState } from '../admin/PageFrame';
import { AuditChanges } from './AuditChanges';
import { ListByFunctionIdPage } from './ListByFunctionIdPage';
import { RestoreEntryButton } from './RestoreEntryButton';
import { listLabel, useRuleListPaths } from './useRuleLists';
import { DateTimeField } from '../admin/DateTimeField';
import { IsoDateInput } from '../admin/IsoDateField';

const Col = DataTable.Col<RuleListAuditEntry>;

function UserLogToolbar({ plugin }: { plugin: RuleListPlugin }) {
  const translate = useTranslate();
  const paths = useRuleListPaths();
  return (
    <TopToolbar>
      <Button label={translate('app.ruleLists.userLog.back', { list: listLabel(translate, plugin) })} component={Link} to={paths.list(plugin)}>
        <ArrowBackIcon />
      </Button>
    </TopToolbar>
  );
}

function UserLogGrid({ plugin }: { plugin: RuleListPlugin }) {
  const translate = useTranslate();
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('app.ruleLists.userLog.search')}
      slotProps={{ htmlInput: { 'aria-label': translate('app.ruleLists.userLog.search') } }}
    />,
    <SelectInput
      key="action"
      source="action"
      label="app.ruleLists.userLog.action"
      alwaysOn
      choices={RULE_LIST_AUDIT_ACTIONS.map((action) => ({ id: action, name: action }))}
      translateChoice={false}
      emptyText="app.ruleLists.allValues"
    />,
    <TextInput key="userId" source="userId" label="app.ruleLists.userLog.userId" />,
    <IsoDateInput key="from" source="from" label="app.ruleLists.userLog.from" alwaysOn />,
    <IsoDateInput key="to" source="to" label="app.ruleLists.userLog.to" alwaysOn />,
  ];
  return (
    <List
      resource={`${plugin.name}/userlog`}
      title={false}
      filters={filters}
      actions={<UserLogToolbar plugin={plugin} />}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
      storeKey={`ruleListLog.${plugin.name}`}
    >
      <DataTable bulkActionButtons={false} rowClick={false} empty={<EmptyState text="app.ruleLists.userLog.empty" />}>
        <Col source="at" label="app.ruleLists.userLog.at">
          <DateTimeField source="at" seconds />
        </Col>
        <Col source="action" label="app.ruleLists.userLog.action" disableSort />
        <Col source="userId" label="app.ruleLists.userLog.userId" disableSort />
        <Col source="rowId" label="app.ruleLists.userLog.rowId" disableSort />
        <Col label="app.ruleLists.userLog.changes" disableSort render={(entry) => <AuditChanges plugin={plugin} entry={entry} />} />
        <Col source="ipAddress" label="app.ruleLists.userLog.ipAddress" disableSort />
        <Col label="app.ruleLists.userLog.restoreColumn" disableSort render={(entry) => <RestoreEntryButton plugin={plugin} entry={entry} />} />
      </DataTable>
    </List>
  );
}

/** userlog/{functionId}: who changed the list of that function, when, from where, and what changed. */
export function UserLogPage() {
  return (
    <ListByFunctionIdPage title="app.ruleLists.userLog.title" resource={(plugin) => `${plugin.name}/userlog`}>
      {(plugin) => <UserLogGrid key={plugin.name} plugin={plugin} />}
    </ListByFunctionIdPage>
  );
}
