import { useState, type ComponentType } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import { Confirm, useNotify, useRefresh } from 'react-admin';
import { StatusCode } from '../../domain/statusCodes';
import { useHttpClient } from './useHttpClient';
import { useShowFailure } from './useUserActions';

/**
 * A row's icon button that sends DELETE to a classic path after the admin confirms (the address ranges'
 * remove, the ONE Record clients' revoke): then says so, or shows the refusal, and refreshes the list.
 */
export function ConfirmedDeleteButton({
  label,
  path,
  icon: Icon,
  confirm,
}: {
  /** The button's accessible name, translated. */
  label: string;
  /** The classic path DELETE is sent to. */
  path: string;
  icon: ComponentType<{ fontSize?: 'small' }>;
  /** The confirmation's message keys and their values, and the success message's. */
  confirm: { title: string; content: string; button: string; done: string; values: Record<string, string> };
}) {
  const http = useHttpClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const showFailure = useShowFailure();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await http.classic(path, { method: 'DELETE', callerHandles: [StatusCode.VALIDATION_FAIL, StatusCode.FAILURE] });
      notify(confirm.done, { type: 'success', messageArgs: confirm.values });
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
          <Icon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title={confirm.title}
        titleTranslateOptions={confirm.values}
        content={confirm.content}
        confirm={confirm.button}
        confirmColor="warning"
        ConfirmIcon={Icon}
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
