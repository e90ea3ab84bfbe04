import { useState } from 'react';
import { IconButton, Stack, Switch, Tooltip } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link, useRecordContext, useTranslate } from 'react-admin';
import { ConfirmUserChange } from './ConfirmUserChange';
import { isCurrentUser } from './currentUser';
import { DeleteUserButton } from './DeleteUserButton';
import type { UserRecord } from '../../domain/userProfile';
import { useUserActions } from './useUserActions';
import { useUserPaths } from './userPaths';

/** The one-time-code switch of a row: applied at once, no confirmation (nothing is lost). */
export function MfaSwitch() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const { setMfaRequired } = useUserActions();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  return (
    <Switch
      checked={record.mfa_required}
      disabled={busy}
      slotProps={{ input: { 'aria-label': translate('app.users.action.mfa', { user: record.user_id }) } }}
      onChange={async (event) => {
        setBusy(true);
        await setMfaRequired(record, event.target.checked);
        setBusy(false);
      }}
    />
  );
}

/** Edit, lock or unlock (locking asks first: the user is signed out at once), delete. */
export function UserRowActions() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const paths = useUserPaths();
  const { setLocked } = useUserActions();
  const [confirmLock, setConfirmLock] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const self = isCurrentUser(record);
  const lockLabel = translate(record.is_locked ? 'app.users.action.unlock' : 'app.users.action.lock', { user: record.user_id });

  const applyLock = async (locked: boolean) => {
    setBusy(true);
    await setLocked(record, locked);
    setBusy(false);
    setConfirmLock(false);
  };

  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Tooltip title={translate('app.users.action.edit', { user: record.user_id })}>
        <IconButton component={Link} to={paths.edit(record)} aria-label={translate('app.users.action.edit', { user: record.user_id })} size="small">
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={self ? translate('app.users.hint.self') : lockLabel}>
        <span>
          <IconButton aria-label={lockLabel} disabled={self || busy} size="small" onClick={() => (record.is_locked ? applyLock(false) : setConfirmLock(true))}>
            {record.is_locked ? <LockOpenOutlinedIcon fontSize="small" /> : <LockOutlinedIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <DeleteUserButton user={record} self={self} />
      <ConfirmUserChange
        change="lock"
        user={record}
        isOpen={confirmLock}
        loading={busy}
        onConfirm={() => applyLock(true)}
        onClose={() => setConfirmLock(false)}
      />
    </Stack>
  );
}
