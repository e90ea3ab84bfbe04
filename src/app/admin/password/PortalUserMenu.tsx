import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import { forwardRef } from 'react';
import { Logout, UserMenu, useBasename, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';

/** The user menu's "Change password" entry. */
const ChangePasswordItem = forwardRef<HTMLAnchorElement>(function ChangePasswordItem(props, ref) {
  const translate = useTranslate();
  const basename = useBasename();
  const userMenu = useUserMenu();
  return (
    <MenuItem ref={ref} component={Link} to={`${basename}/changePassword`} onClick={() => userMenu?.onClose()} {...props}>
      <ListItemIcon>
        <KeyOutlinedIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.password.menu')}</ListItemText>
    </MenuItem>
  );
});

/** The app bar's user menu: change password, then sign out. */
export function PortalUserMenu() {
  return (
    <UserMenu>
      <ChangePasswordItem />
      <Logout />
    </UserMenu>
  );
}
