import { useState } from 'react';
import { Alert, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Tooltip, Typography } from '@mui/material';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import { useQuery } from '@tanstack/react-query';
import { Button, DataTable, List, SearchInput, SelectInput, useListContext, useTranslate, type Identifier } from 'react-admin';
import { OUTBOUND_STATES, OUTBOUND_TARGETS, type OutboundState, type OutboundTarget } from '../../domain/outboundMessages';
import { LoadingBox } from '../admin/LoadingBox';
import { EmptyState, PageFrame } from '../admin/PageFrame';
import { ConfirmedAction } from '../ruleLists/ConfirmedAction';
import { useHttpClient } from '../users/useHttpClient';
import { DateTimeField } from '../admin/DateTimeField';

const STATE_COLORS: Record<OutboundState, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  QUEUED: 'info',
  SENT: 'default',
  ACKNOWLEDGED: 'success',
  FAILED: 'error',
  CANCELLED: 'warning',
};

interface OutboundRecord {
  id: string;
  AWBNumber: string;
  Target: OutboundTarget;
  State: OutboundState;
  Recipient: string | null;
  Attempts: number;
  LastError: string | null;
  Acknowledgement: string | null;
  CreatedAt: string;
  Payload?: string;
}

/** The state; an acknowledged message's chip says, on hover and to a screen reader, what the receiver answered. */
function StateChip({ record }: { record: OutboundRecord }) {
  const translate = useTranslate();
  const chip = (
    <Chip
      size="small"
      color={STATE_COLORS[record.State] ?? 'default'}
      label={translate(`app.compliance.outbound.states.${record.State}`, { _: record.State })}
    />
  );
  if (!record.Acknowledgement) return chip;
  return (
    <Tooltip title={`${translate('app.compliance.outbound.fields.Acknowledgement')}: ${record.Acknowledgement}`} describeChild>
      {chip}
    </Tooltip>
  );
}

/** Cells that keep their text on one line (an AWB number, a time): the other columns wrap instead. */
const ONE_LINE = () => ({ whiteSpace: 'nowrap' });

function NoRows() {
  const { filterValues } = useListContext();
  return <EmptyState text={Object.keys(filterValues).length > 0 ? 'app.compliance.outbound.noMatch' : 'app.compliance.outbound.empty'} />;
}

/** The message as it went out (Type B envelope and FWB/FHL), read on demand. */
function PayloadDialog({ id, onClose }: { id: Identifier | undefined; onClose(): void }) {
  const translate = useTranslate();
  const http = useHttpClient();
  const message = useQuery({
    queryKey: ['classic', 'outboundmessages', id],
    queryFn: async () => (await http.classic<{ data: OutboundRecord }>(`/outboundmessages/${encodeURIComponent(String(id))}`)).json.data,
    enabled: id !== undefined,
  });
  return (
    <Dialog open={id !== undefined} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="outbound-payload-title">
      <DialogTitle id="outbound-payload-title">
        {translate('app.compliance.outbound.payload')}
        {message.data ? ` — ${message.data.Target} ${message.data.AWBNumber}` : ''}
      </DialogTitle>
      <DialogContent>
        {message.isPending ? (
          <LoadingBox />
        ) : message.data ? (
          <>
            {message.data.LastError && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {message.data.LastError}
              </Alert>
            )}
            {message.data.Acknowledgement && (
              <Alert severity="info" sx={{ mb: 1 }}>{`${translate('app.compliance.outbound.fields.Acknowledgement')}: ${message.data.Acknowledgement}`}</Alert>
            )}
            <Typography component="pre" sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13, whiteSpace: 'pre-wrap', m: 0 }}>
              {message.data.Payload}
            </Typography>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button label="app.dialog.close" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}

function BulkActions() {
  const translate = useTranslate();
  const http = useHttpClient();
  const act = (action: 'resend' | 'cancel') => async (ids: readonly Identifier[]) => {
    const answer = (
      await http.classic<{ data: { Done: string[]; Skipped: string[] } }>(`/outboundmessages/${action}`, { method: 'POST', body: { ids: ids.map(String) } })
    ).json.data;
    return { message: 'app.compliance.outbound.done', args: { done: answer.Done.length, skipped: answer.Skipped.length } };
  };
  return (
    <>
      <ConfirmedAction
        label="app.compliance.outbound.resend"
        icon={<SendIcon />}
        title={translate('app.compliance.outbound.resend')}
        content="app.compliance.outbound.resendContent"
        run={act('resend')}
      />
      <ConfirmedAction
        label="app.compliance.outbound.cancel"
        icon={<CancelIcon />}
        title={translate('app.compliance.outbound.cancel')}
        content="app.compliance.outbound.cancelContent"
        run={act('cancel')}
        color="error"
      />
    </>
  );
}

/**
 * Outbound Messages (function 86): the ACAS, ACI, terminal and CSS messages sent from the
 * shipments, with their delivery state, the receivers' acknowledgements, and Resend and Cancel.
 */
export function OutboundMessagesPage() {
  const translate = useTranslate();
  const [shown, setShown] = useState<Identifier>();
  const field = (name: string) => translate(`app.compliance.outbound.fields.${name}`);
  const filters = [
    <SearchInput key="q" source="q" placeholder={field('q')} alwaysOn />,
    <SelectInput key="Target" source="Target" label={field('Target')} choices={OUTBOUND_TARGETS.map((target) => ({ id: target, name: target }))} alwaysOn />,
    <SelectInput
      key="State"
      source="State"
      label={field('State')}
      choices={OUTBOUND_STATES.map((state) => ({ id: state, name: translate(`app.compliance.outbound.states.${state}`) }))}
      alwaysOn
    />,
  ];
  return (
    <PageFrame title="app.page.outboundmessages">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.compliance.outbound.intro')}
      </Typography>
      <List
        resource="outboundmessages"
        title={false}
        filters={filters}
        sort={{ field: 'CreatedAt', order: 'DESC' }}
        perPage={25}
        empty={false}
        exporter={false}
        storeKey="outboundmessages"
      >
        <DataTable
          bulkActionButtons={<BulkActions />}
          rowClick={(id) => {
            setShown(id);
            return false;
          }}
          empty={<NoRows />}
        >
          <DataTable.Col source="CreatedAt" label={field('CreatedAt')} cellSx={ONE_LINE}>
            <DateTimeField source="CreatedAt" />
          </DataTable.Col>
          <DataTable.Col source="AWBNumber" label={field('AWBNumber')} cellSx={ONE_LINE} />
          <DataTable.Col source="Target" label={field('Target')} />
          <DataTable.Col source="State" label={field('State')} render={(record: OutboundRecord) => <StateChip record={record} />} />
          <DataTable.Col source="Recipient" label={field('Recipient')} disableSort />
          <DataTable.Col source="Attempts" label={field('Attempts')} disableSort />
          <DataTable.Col
            source="LastError"
            label={field('LastError')}
            disableSort
            // A problem only: an acknowledgement ("ACCEPTED") is no problem (it showed here); the state chip carries it.
            render={(record: OutboundRecord) => record.LastError ?? ''}
          />
        </DataTable>
      </List>
      <PayloadDialog id={shown} onClose={() => setShown(undefined)} />
    </PageFrame>
  );
}
