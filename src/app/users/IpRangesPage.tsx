import { useState } from 'react';
import { Alert, Card, CardContent, IconButton, Tooltip, Typography } from '@mui/material';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Confirm, DataTable, List, useListContext, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { StatusCode } from '../../domain/statusCodes';
import { EmptyState, PageFrame } from '../admin/PageFrame';
import { BackToUsers } from './BackToUsers';
import { IpRangeForm } from './IpRangeForm';
import { useCurrentAddress } from './useCurrentAddress';
import { useHttpClient } from './useHttpClient';
import { useShowFailure } from './useUserActions';
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
  const http = useHttpClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const showFailure = useShowFailure();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const label = translate('app.users.ipRanges.remove', { cidr: record.cidr });
  const remove = async () => {
    setBusy(true);
    try {
      await http.classic(`/ipranges/${encodeURIComponent(record.id)}`, { method: 'DELETE', callerHandles: [StatusCode.VALIDATION_FAIL, StatusCode.FAILURE] });
      notify('app.users.ipRanges.removed', { type: 'success', messageArgs: { cidr: record.cidr } });
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
      setOpen(false);
      refresh();
    }
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} color="error" size="small" onClick={() => setOpen(true)}>
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title="app.users.ipRanges.removeTitle"
        titleTranslateOptions={{ cidr: record.cidr }}
        content={total === 1 ? 'app.users.ipRanges.removeLastContent' : 'app.users.ipRanges.removeContent'}
        confirm="app.users.ipRanges.removeLabel"
        confirmColor="warning"
        ConfirmIcon={DeleteOutlinedIcon}
        onConfirm={remove}
        onClose={() => setOpen(false)}
      />
    </>
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
