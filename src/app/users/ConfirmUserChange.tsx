import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Confirm } from 'react-admin';
import type { UserRef } from './useUserActions';

/** The words and icon of each change that asks first; the title and text name the user. */
const changes = {
  lock: { title: 'app.users.confirm.lockTitle', content: 'app.users.confirm.lockContent', confirm: 'app.users.action.lockLabel', icon: LockOutlinedIcon },
  delete: {
    title: 'app.users.confirm.deleteTitle',
    content: 'app.users.confirm.deleteContent',
    confirm: 'app.users.action.deleteLabel',
    icon: DeleteOutlineIcon,
  },
};

/** The confirmation before a change that takes a user's access away: locking signs them out at once, deleting removes them. */
export function ConfirmUserChange({
  change,
  user,
  isOpen,
  loading,
  onConfirm,
  onClose,
}: {
  change: keyof typeof changes;
  user: UserRef;
  isOpen: boolean;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { title, content, confirm, icon } = changes[change];
  return (
    <Confirm
      isOpen={isOpen}
      loading={loading}
      title={title}
      content={content}
      titleTranslateOptions={{ user: user.user_id }}
      contentTranslateOptions={{ user: user.user_id, name: user.user_name }}
      confirm={confirm}
      confirmColor="warning"
      ConfirmIcon={icon}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
