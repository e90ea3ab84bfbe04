import { Box, Typography } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { EmptyState, PageFrame } from '../admin/PageFrame';
import { USER_AUDIT_ACTIONS, type UserAuditRecord } from '../../domain/userProfile';
import { auditChangeLines, auditSubject } from './auditChanges';
import { BackToUsers } from './BackToUsers';
import { DateTimeField } from '../admin/DateTimeField';

function useValueText() {
  const translate = useTranslate();
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return translate('app.users.audit.none');
    if (typeof value === 'boolean') return translate(value ? 'app.users.audit.yes' : 'app.users.audit.no');
    // The audit says only that a password changed, never what it was or became.
    if (field === 'password') return translate('app.users.audit.passwordChanged');
    return String(value);
  };
}

function AuditChanges({ record }: { record: UserAuditRecord }) {
  const translate = useTranslate();
  const valueText = useValueText();
  const lines = auditChangeLines(record.before, record.after);
  if (lines.length === 0) return <span>{translate('app.users.audit.none')}</span>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {lines.map((line) => (
        <Typography component="li" variant="body2" key={line.field}>
          <strong>{translate(`app.users.fields.${line.field}`, { _: line.field })}:</strong>{' '}
          {line.kind === 'changed'
            ? `${valueText(line.field, line.before)} → ${valueText(line.field, line.after)}`
            : valueText(line.field, line.kind === 'set' ? line.after : line.before)}
        </Typography>
      ))}
    </Box>
  );
}

const Col = DataTable.Col<UserAuditRecord>;

/** userManagement/audit: every change to the company's users and address ranges, who made it, when and from where. */
export function UserAuditPage() {
  const translate = useTranslate();
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('app.users.audit.search')}
      aria-label={translate('app.users.audit.search')}
      sx={{ minWidth: 280 }}
    />,
    <SelectInput
      key="action"
      source="action"
      label="app.users.audit.action"
      choices={USER_AUDIT_ACTIONS.map((action) => ({ id: action, name: `app.users.audit.actions.${action}` }))}
      emptyText="app.users.audit.allActions"
      sx={{ minWidth: 240 }}
      alwaysOn
    />,
  ];
  return (
    <PageFrame title="app.users.page.audit">
      <BackToUsers />
      <List resource="useraudit" title={false} actions={false} filters={filters} sort={{ field: 'at', order: 'DESC' }} perPage={25} empty={false}>
        <DataTable bulkActionButtons={false} rowClick={false} empty={<EmptyState text="app.users.audit.empty" />}>
          <Col source="at" label="app.users.audit.at" field={DateTimeField} />
          <Col source="actor_user_id" label="app.users.audit.actor" disableSort />
          <Col
            source="action"
            label="app.users.audit.action"
            disableSort
            render={(record) => translate(`app.users.audit.actions.${record.action}`, { _: record.action })}
          />
          <Col source="entity_key" label="app.users.audit.record" disableSort render={(record) => auditSubject(record.entity_key)} />
          <Col label="app.users.audit.changes" disableSort render={(record) => <AuditChanges record={record} />} />
          <Col source="ip_address" label="app.users.audit.address" disableSort />
        </DataTable>
      </List>
    </PageFrame>
  );
}
