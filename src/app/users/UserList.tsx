import { Chip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import HistoryIcon from '@mui/icons-material/History';
import RouterIcon from '@mui/icons-material/RouterOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import { Button, DataTable, Link, List, SearchInput, SelectInput, TopToolbar, useTranslate } from 'react-admin';
import { EmptyState, PageFrame } from '../admin/PageFrame';
import type { UserRecord } from '../../domain/userProfile';
import { MfaSwitch, UserRowActions } from './UserRowActions';
import { useRoleChoices } from './useRoleChoices';
import { useUserPaths } from './userPaths';
import { DateTimeField } from '../admin/DateTimeField';

function UserListActions() {
  const paths = useUserPaths();
  return (
    <TopToolbar>
      <Button component={Link} label="app.users.list.audit" to={paths.audit}>
        <HistoryIcon />
      </Button>
      <Button component={Link} label="app.users.list.ipRanges" to={paths.ipRanges}>
        <RouterIcon />
      </Button>
      <Button component={Link} label="app.users.list.oneRecordClients" to={paths.oneRecordClients}>
        <HubOutlinedIcon />
      </Button>
      <Button component={Link} label="app.users.list.add" to={paths.add} variant="contained">
        <AddIcon />
      </Button>
    </TopToolbar>
  );
}

function UserIdLink({ record }: { record: UserRecord }) {
  const paths = useUserPaths();
  return <Link to={paths.edit(record)}>{record.user_id}</Link>;
}

function StatusChip({ record }: { record: UserRecord }) {
  const translate = useTranslate();
  return record.is_locked ? (
    <Chip size="small" color="warning" label={translate('app.users.status.locked')} />
  ) : (
    <Chip size="small" variant="outlined" color="success" label={translate('app.users.status.active')} />
  );
}

const Col = DataTable.Col<UserRecord>;

/** userManagement (function 83): the company's users, searchable, filtered by role, paged. */
export function UserList() {
  const translate = useTranslate();
  const { roles, isPending } = useRoleChoices();
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('app.users.list.search')}
      aria-label={translate('app.users.list.search')}
      sx={{ minWidth: 320 }}
    />,
    <SelectInput
      key="role_id"
      source="role_id"
      label="app.users.fields.role_id"
      choices={roles}
      optionText="role_name"
      isPending={isPending}
      emptyText="app.users.list.allRoles"
      alwaysOn
    />,
  ];
  return (
    <PageFrame title="app.page.userManagement">
      <List resource="users" title={false} filters={filters} actions={<UserListActions />} sort={{ field: 'user_id', order: 'ASC' }} perPage={10} empty={false}>
        <DataTable bulkActionButtons={false} rowClick={false} empty={<EmptyState text="app.users.list.empty" />}>
          <Col source="user_id" label="app.users.fields.user_id" render={(record) => <UserIdLink record={record} />} />
          <Col source="user_name" label="app.users.fields.user_name" />
          <Col source="email" label="app.users.fields.email" />
          <Col source="role_name" label="app.users.fields.role_id" />
          <Col source="mfa_required" label="app.users.fields.mfa_required" disableSort>
            <MfaSwitch />
          </Col>
          <Col source="is_locked" label="app.users.fields.status" render={(record) => <StatusChip record={record} />} />
          <Col source="updated_at" label="app.users.fields.updated_at" field={DateTimeField} />
          <Col label="app.users.fields.actions" disableSort>
            <UserRowActions />
          </Col>
        </DataTable>
      </List>
    </PageFrame>
  );
}
