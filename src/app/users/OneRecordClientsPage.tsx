import { useState } from 'react';
import {
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyIcon from '@mui/icons-material/Key';
import { DataTable, Form, List, RadioButtonGroupInput, SaveButton, TextInput, useNotify, useRecordContext, useTranslate } from 'react-admin';
import {
  clientNameProblem,
  ClientProblemMessages,
  DEFAULT_NOTIFY_AUTH_METHOD,
  NOTIFY_AUTH_METHODS,
  notifyAuthInput,
  notifyAuthProblems,
  organisationIriProblem,
  type NotifyAuthInput,
  type NotifyAuthMethod,
  type OneRecordClientRecord,
} from '../../domain/oneRecord/clients';
import { utcDateTime } from '../../domain/dateRange';
import { DateTimeField } from '../admin/DateTimeField';
import { EmptyState, PageFrame } from '../admin/PageFrame';
import { BackToUsers } from './BackToUsers';
import { ConfirmedDeleteButton } from './ConfirmedDeleteButton';
import { useAddForm } from './useAddForm';

interface ClientValues {
  name?: string;
  organisation_iri?: string;
}

type Registered = OneRecordClientRecord & { secret: string };

function validateClient(values: ClientValues) {
  const errors: Record<string, string> = {};
  const name = clientNameProblem(values.name ?? '');
  if (name) errors.name = ClientProblemMessages[name];
  const iri = organisationIriProblem(values.organisation_iri ?? '');
  if (iri) errors.organisation_iri = ClientProblemMessages[iri];
  return errors;
}

/** A value shown read-only with a button that copies it. */
function CopyableField({ label, value }: { label: string; value: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const what = translate(label);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    notify('app.users.oneRecordClients.copied', { type: 'info', messageArgs: { what } });
  };
  return (
    <TextField
      id={`onerecord-${label.split('.').pop()}`}
      label={what}
      value={value}
      fullWidth
      margin="dense"
      slotProps={{
        input: {
          readOnly: true,
          sx: { fontFamily: 'monospace' },
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={translate('app.users.oneRecordClients.copy', { what })}>
                <IconButton aria-label={translate('app.users.oneRecordClients.copy', { what })} onClick={copy} edge="end">
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The secret of a client just registered, shown this once. */
function SecretDialog({ registered, onClose }: { registered: Registered | undefined; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={registered !== undefined} onClose={(_event, reason) => reason !== 'backdropClick' && onClose()} maxWidth="sm" fullWidth>
      {registered && (
        <>
          <DialogTitle>{translate('app.users.oneRecordClients.secretTitle', { name: registered.name })}</DialogTitle>
          <DialogContent>
            <Typography sx={{ mb: 1 }}>{translate('app.users.oneRecordClients.secretIntro')}</Typography>
            <CopyableField label="app.users.oneRecordClients.clientId" value={registered.id} />
            <CopyableField label="app.users.oneRecordClients.secret" value={registered.secret} />
          </DialogContent>
          <DialogActions>
            <MuiButton variant="contained" onClick={onClose}>
              {translate('app.users.oneRecordClients.done')}
            </MuiButton>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/** Registers a client; the server's refusals land on the field; the secret is then shown once. */
function RegisterClientForm() {
  const [registered, setRegistered] = useState<Registered>();
  const { generation, submit } = useAddForm<Registered>('/onerecordclients', 'name', setRegistered);

  return (
    <>
      <Form
        key={generation}
        onSubmit={(values: ClientValues) => submit({ name: (values.name ?? '').trim(), organisation_iri: (values.organisation_iri ?? '').trim() })}
        validate={validateClient}
        noValidate
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <TextInput
            source="name"
            label="app.users.oneRecordClients.name"
            isRequired
            helperText="app.users.oneRecordClients.nameHint"
            fullWidth={false}
            sx={{ width: 300 }}
            autoComplete="off"
          />
          <TextInput
            source="organisation_iri"
            label="app.users.oneRecordClients.organisationIri"
            isRequired
            helperText="app.users.oneRecordClients.organisationIriHint"
            fullWidth={false}
            sx={{ width: 420 }}
            autoComplete="off"
          />
          <SaveButton label="app.users.oneRecordClients.register" icon={<AddIcon />} alwaysEnable sx={{ mt: 1 }} />
        </Box>
      </Form>
      <SecretDialog registered={registered} onClose={() => setRegistered(undefined)} />
    </>
  );
}

function StatusField() {
  const record = useRecordContext<OneRecordClientRecord>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.revoked_at) return <Chip size="small" color="success" variant="outlined" label={translate('app.users.oneRecordClients.live')} />;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('app.users.oneRecordClients.revokedOn', { date: utcDateTime(record.revoked_at), user: record.revoked_by ?? '' })}
    </Typography>
  );
}

/** When and by whom the client was registered, on two lines. */
function RegisteredField() {
  const record = useRecordContext<OneRecordClientRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <>
      <DateTimeField source="created_at" />
      <Typography variant="body2" color="text.secondary">
        {translate('app.users.oneRecordClients.by', { user: record.created_by })}
      </Typography>
    </>
  );
}

function ClientIdField() {
  const record = useRecordContext<OneRecordClientRecord>();
  return record ? (
    <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
      {record.id}
    </Typography>
  ) : null;
}

function LastUsedField() {
  const record = useRecordContext<OneRecordClientRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return record.last_used_at ? <DateTimeField source="last_used_at" /> : <>{translate('app.users.oneRecordClients.never')}</>;
}

type NotifyValues = Partial<NotifyAuthInput>;

const AUTH_METHOD_LABELS: Record<NotifyAuthMethod, string> = {
  client_secret_basic: 'app.users.oneRecordClients.notifyAuthBasic',
  client_secret_post: 'app.users.oneRecordClients.notifyAuthPost',
};
const AUTH_METHOD_CHOICES = NOTIFY_AUTH_METHODS.map((method) => ({ id: method, name: AUTH_METHOD_LABELS[method] }));

function validateNotifyAuth(values: NotifyValues) {
  const problems = notifyAuthProblems(values);
  return Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, ClientProblemMessages[problem]]));
}

/** How notifications to the client's organisation go: signed in at its identity provider, or without a token. */
function NotificationsField() {
  const record = useRecordContext<OneRecordClientRecord>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.notify_token_url) return <>{translate('app.users.oneRecordClients.notifyWithoutToken')}</>;
  let host = record.notify_token_url;
  try {
    host = new URL(record.notify_token_url).host;
  } catch {
    // Kept as given.
  }
  if (record.notify_secret_lost)
    return (
      <Typography component="span" variant="body2" color="error">
        {translate('app.users.oneRecordClients.notifySecretLost', { host })}
      </Typography>
    );
  return <>{translate('app.users.oneRecordClients.notifySignedIn', { host })}</>;
}

/** Sets how the portal signs in to notify a live client's organisation (the secret is entered again each time). */
function NotifyAuthButton() {
  const record = useRecordContext<OneRecordClientRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const saved = (changed: OneRecordClientRecord) => {
    setOpen(false);
    notify(changed.notify_token_url ? 'app.users.oneRecordClients.notifySaved' : 'app.users.oneRecordClients.notifyCleared', {
      type: 'info',
      messageArgs: { name: changed.name },
    });
  };
  const { submit } = useAddForm<OneRecordClientRecord>(`/onerecordclients/${encodeURIComponent(record?.id ?? '')}`, 'notify_token_url', saved, 'PUT');
  if (!record || record.revoked_at) return null;
  const send = (values: NotifyValues) => submit(notifyAuthInput(values));
  return (
    <>
      <MuiButton
        size="small"
        startIcon={<KeyIcon />}
        onClick={() => setOpen(true)}
        aria-label={translate('app.users.oneRecordClients.notifyEdit', { name: record.name })}
      >
        {translate('app.users.oneRecordClients.notifyEditLabel')}
      </MuiButton>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{translate('app.users.oneRecordClients.notifyTitle', { name: record.name })}</DialogTitle>
        <Form
          record={notifyAuthInput({ ...record, notify_auth_method: record.notify_auth_method ?? DEFAULT_NOTIFY_AUTH_METHOD })}
          onSubmit={send}
          validate={validateNotifyAuth}
          noValidate
        >
          <DialogContent>
            <Typography sx={{ mb: 2 }}>{translate('app.users.oneRecordClients.notifyIntro')}</Typography>
            <TextInput
              source="notify_token_url"
              label="app.users.oneRecordClients.notifyTokenUrl"
              helperText="app.users.oneRecordClients.notifyTokenUrlHint"
              autoComplete="off"
            />
            <TextInput source="notify_client_id" label="app.users.oneRecordClients.notifyClientId" autoComplete="off" />
            <TextInput
              source="notify_client_secret"
              type="password"
              label="app.users.oneRecordClients.notifyClientSecret"
              helperText="app.users.oneRecordClients.notifyClientSecretHint"
              autoComplete="new-password"
            />
            <TextInput source="notify_scope" label="app.users.oneRecordClients.notifyScope" autoComplete="off" />
            <RadioButtonGroupInput
              source="notify_auth_method"
              label="app.users.oneRecordClients.notifyAuthMethod"
              helperText="app.users.oneRecordClients.notifyAuthMethodHint"
              choices={AUTH_METHOD_CHOICES}
              row={false}
            />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('app.users.oneRecordClients.notifyCancel')}</MuiButton>
            {record.notify_token_url ? <MuiButton onClick={() => void send({})}>{translate('app.users.oneRecordClients.notifyClear')}</MuiButton> : null}
            <SaveButton label="app.users.oneRecordClients.notifySave" alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

function RevokeClientButton() {
  const record = useRecordContext<OneRecordClientRecord>();
  const translate = useTranslate();
  if (!record || record.revoked_at) return null;
  return (
    <ConfirmedDeleteButton
      label={translate('app.users.oneRecordClients.revoke', { name: record.name })}
      path={`/onerecordclients/${encodeURIComponent(record.id)}`}
      icon={BlockIcon}
      confirm={{
        title: 'app.users.oneRecordClients.revokeTitle',
        content: 'app.users.oneRecordClients.revokeContent',
        button: 'app.users.oneRecordClients.revokeLabel',
        done: 'app.users.oneRecordClients.revoked',
        values: { name: record.name },
      }}
    />
  );
}

const Col = DataTable.Col<OneRecordClientRecord>;

/** userManagement/oneRecordClients: the company's ONE Record clients (issue 37, 4), registered and revoked by its admins. */
export function OneRecordClientsPage() {
  const translate = useTranslate();
  return (
    <PageFrame title="app.users.page.oneRecordClients">
      <BackToUsers />
      <Typography sx={{ mb: 2, maxWidth: 860 }}>{translate('app.users.oneRecordClients.intro')}</Typography>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <RegisterClientForm />
        </CardContent>
      </Card>
      <List
        resource="onerecordclients"
        title={false}
        actions={false}
        pagination={false}
        perPage={100}
        sort={{ field: 'created_at', order: 'ASC' }}
        disableSyncWithLocation
        empty={false}
      >
        <DataTable bulkActionButtons={false} rowClick={false} empty={<EmptyState text="app.users.oneRecordClients.empty" />}>
          <Col source="name" label="app.users.oneRecordClients.name" disableSort />
          <Col label="app.users.oneRecordClients.clientId" disableSort>
            <ClientIdField />
          </Col>
          <Col source="organisation_iri" label="app.users.oneRecordClients.organisationIri" disableSort sx={{ wordBreak: 'break-all' }} />
          <Col label="app.users.oneRecordClients.created_at" disableSort>
            <RegisteredField />
          </Col>
          <Col label="app.users.oneRecordClients.last_used_at" disableSort>
            <LastUsedField />
          </Col>
          <Col label="app.users.oneRecordClients.status" disableSort>
            <StatusField />
          </Col>
          <Col label="app.users.oneRecordClients.notifications" disableSort>
            <NotificationsField />
          </Col>
          <Col label="app.users.fields.actions" disableSort>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <NotifyAuthButton />
              <RevokeClientButton />
            </Box>
          </Col>
        </DataTable>
      </List>
    </PageFrame>
  );
}
