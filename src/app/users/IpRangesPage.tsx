import { Alert, Card, CardContent, Typography } from '@mui/material';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { DataTable, List, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { EmptyState, PageFrame } from '../admin/PageFrame';
import { BackToUsers } from './BackToUsers';
import { ConfirmedDeleteButton } from './ConfirmedDeleteButton';
import { IpRangeForm } from './IpRangeForm';
import { useCurrentAddress } from './useCurrentAddress';
import { DateTimeField } from '../admin/DateTimeField';

interface IpRangeView {
  id: string;
  cidr: string;
  description: string;
  created_by: string;
  created_at: string;
}

function CurrentAddressAlert() {
  const translate = useTranslate();
  const { data } = useCurrentAddress();
  if (!data) return null;
  const key = !data.restricted ? 'unrestricted' : data.allowed ? 'inside' : 'outside';
  return (
    <Alert severity={data.restricted && !data.allowed ? 'warning' : 'info'} sx={{ mb: 2 }}>
      {translate(`app.users.ipRanges.${key}`, { address: data.address })}
    </Alert>
  );
}

function RemoveRangeButton() {
  const record = useRecordContext<IpRangeView>();
  const { total } = useListContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <ConfirmedDeleteButton
      label={translate('app.users.ipRanges.remove', { cidr: record.cidr })}
      path={`/ipranges/${encodeURIComponent(record.id)}`}
      icon={DeleteOutlinedIcon}
      confirm={{
        title: 'app.users.ipRanges.removeTitle',
        content: total === 1 ? 'app.users.ipRanges.removeLastContent' : 'app.users.ipRanges.removeContent',
        button: 'app.users.ipRanges.removeLabel',
        done: 'app.users.ipRanges.removed',
        values: { cidr: record.cidr },
      }}
    />
  );
}

const Col = DataTable.Col<IpRangeView>;

/** userManagement/ipRestriction: the company's address ranges (IP restriction), managed by its admins. */
export function IpRangesPage() {
  const translate = useTranslate();
  return (
    <PageFrame title="app.users.page.ipRanges">
      <BackToUsers />
      <Typography sx={{ mb: 2, maxWidth: 860 }}>{translate('app.users.ipRanges.intro')}</Typography>
      <CurrentAddressAlert />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <IpRangeForm />
        </CardContent>
      </Card>
      <List
        resource="ipranges"
        title={false}
        actions={false}
        pagination={false}
        perPage={100}
        sort={{ field: 'created_at', order: 'ASC' }}
        disableSyncWithLocation
        empty={false}
      >
        <DataTable bulkActionButtons={false} rowClick={false} empty={<EmptyState text="app.users.ipRanges.empty" />}>
          <Col source="cidr" label="app.users.fields.cidr" />
          <Col source="description" label="app.users.fields.description" disableSort />
          <Col source="created_by" label="app.users.ipRanges.created_by" disableSort />
          <Col source="created_at" label="app.users.ipRanges.created_at" field={DateTimeField} />
          <Col label="app.users.fields.actions" disableSort>
            <RemoveRangeButton />
          </Col>
        </DataTable>
      </List>
    </PageFrame>
  );
}
