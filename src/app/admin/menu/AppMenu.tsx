import { useMemo, useState, type ReactNode } from 'react';
import { ListItemIcon, MenuItem, Typography } from '@mui/material';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import HistoryIcon from '@mui/icons-material/History';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import PolicyOutlinedIcon from '@mui/icons-material/PolicyOutlined';
import OutboxOutlinedIcon from '@mui/icons-material/OutboxOutlined';
import MoveToInboxOutlinedIcon from '@mui/icons-material/MoveToInboxOutlined';
import SourceOutlinedIcon from '@mui/icons-material/SourceOutlined';
import { FunctionId } from '../../../domain/access';
import { Menu, useBasename, useLogout, useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { sessionStore } from '../../../../dataProviders/sessionStore';
import { buildMenu, CATEGORY_ICON, type MenuLink } from './buildMenu';

const ICONS = {
  default: <ListAltOutlinedIcon />,
  document: <DescriptionOutlinedIcon />,
  about: <InfoOutlinedIcon />,
  help: <HelpOutlineIcon />,
  users: <PeopleOutlineIcon />,
  log: <HistoryIcon />,
};

/** The compliance pages share the default category: their function tells them apart. */
const FUNCTION_ICONS: Record<number, ReactNode> = {
  [FunctionId.SANCTION_REVIEW]: <PolicyOutlinedIcon />,
  [FunctionId.OUTBOUND_MESSAGES]: <OutboxOutlinedIcon />,
  [FunctionId.SHIPMENT_MESSAGES]: <MoveToInboxOutlinedIcon />,
  [FunctionId.SANCTION_SOURCES]: <SourceOutlinedIcon />,
};

function iconOf(link: MenuLink) {
  return (link.functionId !== null ? FUNCTION_ICONS[link.functionId] : undefined) ?? ICONS[CATEGORY_ICON[link.category] ?? 'default'];
}

interface MenuActionProps {
  icon: ReactNode;
  text: string;
  end?: ReactNode;
  onClick?: () => void;
  /** An external link, opened in a new tab. */
  href?: string;
  expanded?: boolean;
}

const menuActionSx = { color: 'text.secondary', '& .MuiListItemIcon-root': { minWidth: 40, color: 'text.secondary' } };

/** A menu entry that is not a page link (group toggle, external link, Logout), styled like react-admin's Menu.Item. */
function MenuAction({ icon, text, end, onClick, href, expanded }: MenuActionProps) {
  const content = (
    <>
      <ListItemIcon>{icon}</ListItemIcon>
      <Typography variant="inherit" noWrap sx={{ flex: 1 }}>
        {text}
      </Typography>
      {end}
    </>
  );
  return href ? (
    <MenuItem component="a" href={href} target="_blank" rel="noopener noreferrer" sx={menuActionSx}>
      {content}
    </MenuItem>
  ) : (
    <MenuItem onClick={onClick} aria-expanded={expanded} sx={menuActionSx}>
      {content}
    </MenuItem>
  );
}

/**
 * The side menu from the session's permission answer: the new site's pages, the classic admin
 * pages under Administration (rendered as siblings so arrow keys reach them), and Logout.
 */
export function AppMenu() {
  const translate = useTranslate();
  const basename = useBasename();
  const logout = useLogout();
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const session = sessionStore.get();
  const sessionKey = session ? JSON.stringify([session.menuList, session.classicMenuList]) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the menu lists' content (sessionKey), not on the session object, so the menu is rebuilt only when the lists change
  const model = useMemo(() => buildMenu(session?.menuList ?? [], session?.classicMenuList ?? []), [sessionKey]);
  const onAdminPage = model.administration.some((link) => link.target.kind === 'route' && pathname.startsWith(`${basename}/${link.target.path.split('/')[0]}`));
  const [adminOpen, setAdminOpen] = useState(onAdminPage);

  const item = (link: MenuLink, nested = false) =>
    link.target.kind === 'route' ? (
      <Menu.Item
        key={link.key}
        to={`${basename}/${link.target.path}`}
        primaryText={link.label}
        leftIcon={nested ? <ListAltOutlinedIcon /> : iconOf(link)}
        // A long list name wraps to a second line instead of being cut ("Auto Special Hand...", issue 36, 10).
        sx={nested && sidebarOpen ? { pl: 4, '& .MuiTypography-noWrap': { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } } : undefined}
      />
    ) : (
      <MenuAction key={link.key} href={link.target.href} icon={iconOf(link)} text={link.label} end={<OpenInNewIcon fontSize="small" aria-hidden="true" />} />
    );

  return (
    <Menu aria-label={translate('app.menu.label')}>
      {model.main.map((link) => item(link))}
      {model.administration.length > 0 && (
        <MenuAction
          key="administration"
          onClick={() => setAdminOpen((open) => !open)}
          expanded={adminOpen}
          icon={<AdminPanelSettingsOutlinedIcon />}
          text={translate('app.menu.administration')}
          end={adminOpen ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        />
      )}
      {adminOpen && model.administration.map((link) => item(link, true))}
      <MenuAction key="logout" onClick={() => logout()} icon={<LogoutIcon />} text={translate('app.menu.logout')} />
    </Menu>
  );
}
