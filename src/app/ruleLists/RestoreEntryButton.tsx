import { useState } from 'react';
import RestoreIcon from '@mui/icons-material/Restore';
import { Button, Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { RuleListPlugin } from '../../../plugins/types';
import { isRestorable, type RuleListAuditEntry } from '../../domain/ruleListAudit';
import { describeKey } from '../../domain/ruleListValidation';
import { utcDateTime } from '../../domain/dateRange';
import type { RuleListDataProvider } from './ruleListDataProvider';

/**
 * Restore on a user log entry (issue 18, item 9): after a confirmation that names the row and the
 * change, the server puts the row back as it was before the entry (an edit undone, a deleted row
 * back), through the field checks and the audit of an edit. Its refusal (a later change, another
 * row holding the key) is shown as the server words it.
 */
export function RestoreEntryButton({ plugin, entry }: { plugin: RuleListPlugin; entry: RuleListAuditEntry }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<RuleListDataProvider>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!isRestorable(entry) || !entry.before) return null;
  const deleted = entry.after === null;
  const args = {
    row: entry.rowId,
    key: describeKey(plugin.uniqueKey, entry.before as Record<string, string | number | null>),
    user: entry.userId,
    at: utcDateTime(entry.at),
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await dataProvider.restoreEntry(plugin.name, entry.id);
      notify('app.ruleLists.userLog.restoredDone', { type: 'success', messageArgs: { row: entry.rowId } });
      setOpen(false);
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error', autoHideDuration: null });
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        label="app.ruleLists.userLog.restore"
        onClick={() => setOpen(true)}
        disabled={busy}
        aria-label={`${translate('app.ruleLists.userLog.restore')} ${translate('app.ruleLists.userLog.rowId')} ${entry.rowId}`}
      >
        <RestoreIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate(deleted ? 'app.ruleLists.userLog.restoreDeleteTitle' : 'app.ruleLists.userLog.restoreEditTitle', args)}
        content={translate(deleted ? 'app.ruleLists.userLog.restoreDelete' : 'app.ruleLists.userLog.restoreEdit', args)}
        confirm="app.ruleLists.userLog.restore"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
