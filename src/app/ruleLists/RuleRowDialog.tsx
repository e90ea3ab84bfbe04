import { createContext, useContext, useEffect, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { Alert, Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { Confirm, CreateBase, EditBase, Form, HttpError, SaveButton, useEditContext, useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { RuleListPlugin } from '../../../plugins/types';
import { LoadingBox } from '../admin/LoadingBox';
import { RuleFieldInput } from './RuleFieldInput';
import { defaultRecord, normaliseForSave } from './ruleFieldForm';
import { listLabel } from './useRuleLists';

/**
 * Add and Edit in a dialog over the grid (classic style): the generated inputs, Save and Cancel.
 * Edit saves with the version it read; if someone else saved meanwhile, the dialog says so and
 * offers to reload the row. Closing with unsaved changes asks first.
 */

export type RowDialogMode = { kind: 'create' } | { kind: 'edit'; id: Identifier };

interface RuleRowDialogProps {
  plugin: RuleListPlugin;
  mode: RowDialogMode;
  onClose(): void;
}

/** How the dialog frame asks to close (Escape, backdrop): through the form, which knows whether it holds changes. */
const CloseRequestContext = createContext<MutableRefObject<(() => void) | undefined> | null>(null);

function FormBody({ plugin, onClose, notice, creating = false }: { plugin: RuleListPlugin; onClose(): void; notice?: ReactNode; creating?: boolean }) {
  const translate = useTranslate();
  const { isDirty } = useFormState();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const close = () => (isDirty ? setConfirmDiscard(true) : onClose());
  const closeRequest = useContext(CloseRequestContext);
  useEffect(() => {
    if (!closeRequest) return;
    closeRequest.current = close;
    return () => {
      closeRequest.current = undefined;
    };
  });
  return (
    <>
      <DialogContent dividers>
        {notice}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.ruleLists.form.required')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {plugin.fields.map((field, index) => (
            <Box key={field.source} sx={{ gridColumn: field.multiline || field.type === 'list' ? '1 / -1' : undefined }}>
              <RuleFieldInput plugin={plugin} field={field} autoFocus={index === 0} />
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={close}>{translate('app.ruleLists.form.cancel')}</MuiButton>
        {/* A new row can be saved at once (and shows what is missing); an edit once something changed. */}
        <SaveButton label="app.ruleLists.form.save" alwaysEnable={creating} />
      </DialogActions>
      <Confirm
        isOpen={confirmDiscard}
        title="app.ruleLists.form.discardTitle"
        content="app.ruleLists.form.discardContent"
        confirm="app.ruleLists.form.discard"
        cancel="app.ruleLists.form.keepEditing"
        onConfirm={onClose}
        onClose={() => setConfirmDiscard(false)}
      />
    </>
  );
}

/** Closing by Escape or the backdrop asks like Cancel does: the dialog's onClose goes through the form. */
function RowDialogFrame({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const closeRequest = useRef<(() => void) | undefined>(undefined);
  return (
    <Dialog open onClose={() => (closeRequest.current ?? onClose)()} maxWidth="md" fullWidth aria-labelledby="rule-row-dialog-title">
      <DialogTitle id="rule-row-dialog-title">{title}</DialogTitle>
      <CloseRequestContext.Provider value={closeRequest}>{children}</CloseRequestContext.Provider>
    </Dialog>
  );
}

function CreateRow({ plugin, onClose }: Omit<RuleRowDialogProps, 'mode'>) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const list = listLabel(translate, plugin);
  return (
    <RowDialogFrame title={translate('app.ruleLists.form.createTitle', { list })} onClose={onClose}>
      <CreateBase
        resource={plugin.name}
        record={defaultRecord(plugin)}
        redirect={false}
        mutationMode="pessimistic"
        transform={(data: Record<string, unknown>) => normaliseForSave(plugin, data)}
        mutationOptions={{
          onSuccess: () => {
            notify('app.ruleLists.notify.created', { type: 'success' });
            refresh();
            onClose();
          },
        }}
      >
        <Form>
          <FormBody plugin={plugin} onClose={onClose} creating />
        </Form>
      </CreateBase>
    </RowDialogFrame>
  );
}

/** A 409 without field errors: someone saved the row after it was read. */
function isStale(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status === 409 && !(error.body as { errors?: unknown } | undefined)?.errors;
}

function EditForm({ plugin, onClose, stale, onReloaded }: { plugin: RuleListPlugin; onClose(): void; stale?: string; onReloaded(): void }) {
  const translate = useTranslate();
  const { record, isPending, refetch } = useEditContext();
  if (isPending || !record) return <LoadingBox />;
  const notice = stale ? (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <MuiButton
          color="inherit"
          size="small"
          onClick={async () => {
            await refetch();
            onReloaded();
          }}
        >
          {translate('app.ruleLists.form.reload')}
        </MuiButton>
      }
    >
      <strong>{translate('app.ruleLists.form.staleTitle')}</strong>: {stale}
    </Alert>
  ) : undefined;
  return (
    // A reloaded row (a new version) starts the form afresh from what is stored now.
    <Form key={String(record.version)}>
      <FormBody plugin={plugin} onClose={onClose} notice={notice} />
    </Form>
  );
}

function EditRow({ plugin, id, onClose }: Omit<RuleRowDialogProps, 'mode'> & { id: Identifier }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [stale, setStale] = useState<string>();
  const list = listLabel(translate, plugin);
  return (
    <RowDialogFrame title={translate('app.ruleLists.form.editTitle', { list })} onClose={onClose}>
      <EditBase
        resource={plugin.name}
        id={id}
        redirect={false}
        mutationMode="pessimistic"
        transform={(data: Record<string, unknown>) => normaliseForSave(plugin, data)}
        mutationOptions={{
          onSuccess: () => {
            notify('app.ruleLists.notify.updated', { type: 'success' });
            refresh();
            onClose();
          },
          onError: (error: unknown) => {
            if (isStale(error)) return setStale(error.message);
            // Field problems are shown on the fields; anything else as a notification.
            if (error instanceof HttpError && (error.body as { errors?: unknown } | undefined)?.errors) return;
            notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
          },
        }}
        queryOptions={{
          onError: (error: unknown) => {
            notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
            refresh();
            onClose();
          },
        }}
      >
        <EditForm plugin={plugin} onClose={onClose} stale={stale} onReloaded={() => setStale(undefined)} />
      </EditBase>
    </RowDialogFrame>
  );
}

export function RuleRowDialog({ plugin, mode, onClose }: RuleRowDialogProps) {
  return mode.kind === 'create' ? <CreateRow plugin={plugin} onClose={onClose} /> : <EditRow plugin={plugin} id={mode.id} onClose={onClose} />;
}
