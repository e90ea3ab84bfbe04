import type { ReactNode } from 'react';
import { Button, Link, SaveButton, Toolbar } from 'react-admin';
import { useUserPaths } from './userPaths';

/** Save, Cancel (back to the list) and, on edit, the delete button at the far end. */
export function UserFormToolbar({ end }: { end?: ReactNode }) {
  const paths = useUserPaths();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton alwaysEnable />
      <Button component={Link} label="app.users.action.cancel" to={paths.list} size="medium" />
      {end && <span style={{ marginLeft: 'auto' }}>{end}</span>}
    </Toolbar>
  );
}
