import { useState, type ReactElement } from 'react';
import { Button, Confirm, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';

interface ConfirmedActionProps {
  label: string;
  icon: ReactElement;
  title: string;
  content: string;
  /** Arguments of the content's message besides the count (e.g. the rows it names). */
  contentArgs?(ids: readonly (string | number)[]): Record<string, unknown>;
  /** Runs on the selected ids; resolves with the success notification and its arguments. */
  run(ids: readonly (string | number)[]): Promise<{ message: string; args?: Record<string, unknown> }>;
  color?: 'primary' | 'error';
}

/** A toolbar action on the selected rows that asks first (Delete, Cancel, Resend), then notifies and refreshes the grid. */
export function ConfirmedAction({ label, icon, title, content, contentArgs, run, color = 'primary' }: ConfirmedActionProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds, onUnselectItems } = useListContext();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const { message, args } = await run(selectedIds);
      notify(message, { type: 'success', messageArgs: args });
      onUnselectItems();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
      refresh();
    }
  };
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} disabled={selectedIds.length === 0 || busy} color={color}>
        {icon}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        content={translate(content, { smart_count: selectedIds.length, ...contentArgs?.(selectedIds) })}
        confirmColor={color === 'error' ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
