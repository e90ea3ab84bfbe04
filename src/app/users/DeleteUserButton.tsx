import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, useDelete, useNotify, useTranslate } from 'react-admin';
import { ConfirmUserChange } from './ConfirmUserChange';
import type { UserRef } from './useUserActions';
import { useShowFailure } from './useUserActions';

/**
 * Delete with confirmation, as an icon in a list row or a labelled button in the edit toolbar.
 * Disabled on the signed-in user's own row (spec 6: users cannot delete their own account).
 */
export function DeleteUserButton({
  user,
  self,
  onDeleted,
  variant = 'icon',
}: {
  user: UserRef;
  self: boolean;
  onDeleted?: () => void;
  variant?: 'icon' | 'button';
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const showFailure = useShowFailure();
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  const label = translate('app.users.action.delete', { user: user.user_id });

  const confirm = () =>
    deleteOne(
      'users',
      { id: user.id, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('app.users.notify.deleted', { type: 'success' });
          onDeleted?.();
        },
        onError: (error) => {
          setOpen(false);
          showFailure(error);
        },
      },
    );

  const tooltip = self ? translate('app.message.userDeleteSelf') : label;
  const trigger =
    variant === 'icon' ? (
      <Tooltip title={tooltip}>
        <span>
          <IconButton aria-label={label} color="error" disabled={self} onClick={() => setOpen(true)} size="small">
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    ) : (
      <Tooltip title={self ? tooltip : ''}>
        <span>
          <Button label="app.users.action.deleteLabel" color="error" disabled={self} onClick={() => setOpen(true)}>
            <DeleteOutlineIcon />
          </Button>
        </span>
      </Tooltip>
    );

  return (
    <>
      {trigger}
      <ConfirmUserChange change="delete" user={user} isOpen={open} loading={isPending} onConfirm={confirm} onClose={() => setOpen(false)} />
    </>
  );
}
