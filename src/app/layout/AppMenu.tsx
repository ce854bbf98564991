import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useLogout, useSidebarState, useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Collapse,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import { isMenuItemActive, visibleMenu, type MenuItem } from '../../domain/menu';
import { menuIcon } from './icons';
import { Logo } from './Logo';
import { useMe } from './useMe';
import { getStoredUser } from '../providers/session';
import { SIDEBAR_WIDTH } from '../theme';

const hasActiveChild = (item: MenuItem, pathname: string): boolean =>
  !!item.submenu?.some((c) => (c.path ? isMenuItemActive(pathname, c.path) : hasActiveChild(c, pathname)));

function Leaf({ item, depth, onNavigate }: { item: MenuItem; depth: number; onNavigate: () => void }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const Icon = menuIcon(item.icon);
  const active = isMenuItemActive(pathname, item.path!) || (item.path === '/dashboard' && pathname === '/');
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={item.path!}
        selected={active}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        sx={{ pl: 2 + depth * 2, borderRadius: 1, mx: 1, '&.Mui-selected': { color: 'primary.dark' } }}
      >
        <ListItemIcon sx={{ minWidth: 36, color: active ? 'primary.main' : undefined }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={translate(item.labelKey)}
          slotProps={{ primary: { variant: 'body2', fontWeight: active ? 600 : 400 } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

function Group({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const activeChild = hasActiveChild(item, pathname);
  // Opens by itself when a child route is active; the user can still collapse it.
  const [toggled, setToggled] = useState<{ path: string; open: boolean } | null>(null);
  const open = toggled && toggled.path === pathname ? toggled.open : activeChild || (toggled?.open ?? false);
  const Icon = menuIcon(item.icon);
  const id = `menu-group-${item.id}`;
  // The group is one item of the list: its button and, below it, its own list of leaves.
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        onClick={() => setToggled({ path: pathname, open: !open })}
        aria-expanded={open}
        aria-controls={id}
        sx={{ pl: 2, borderRadius: 1, mx: 1 }}
      >
        <ListItemIcon sx={{ minWidth: 36, color: activeChild ? 'primary.main' : undefined }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={translate(item.labelKey)}
          slotProps={{ primary: { variant: 'body2', fontWeight: 500 } }}
        />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id={id}>
        <List disablePadding dense>
          {item.submenu!.map((child) => (
            <Leaf key={child.id} item={child} depth={1} onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}

/**
 * The sidebar's content: the role's menu, the signed-in user, 'Keluar' and the copyright.
 * On narrow screens the drawer closes after a navigation.
 */
export default function AppMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const { data: me } = useMe();
  const stored = getStoredUser();
  const [, setOpen] = useSidebarState();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const onNavigate = () => {
    if (isSmall) setOpen(false);
  };
  const items = visibleMenu(me?.menus ?? []);
  return (
    <Box
      component="nav"
      aria-label={translate('app.sidebar.main_menu')}
      // The drawer's inner box takes the width of its content: held to the drawer's width, the
      // long product name wraps instead of pushing the menu and 'Keluar' past the drawer's edge.
      sx={{
        display: 'flex',
        flexDirection: 'column',
        width: SIDEBAR_WIDTH,
        minHeight: '100%',
        bgcolor: 'background.paper',
        pt: 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5 }}>
        <Logo size={40} />
        <Box>
          <Typography variant="subtitle2" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
            {translate('app.short_title')}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ lineHeight: 1.2, display: 'block', whiteSpace: 'normal' }}
          >
            {translate('app.title')}
          </Typography>
        </Box>
      </Box>
      <Divider />
      <List dense sx={{ flex: 1 }} data-testid="sidebar-menu">
        {items.map((item) =>
          item.submenu ? (
            <Group key={item.id} item={item} onNavigate={onNavigate} />
          ) : (
            <Leaf key={item.id} item={item} depth={0} onNavigate={onNavigate} />
          ),
        )}
      </List>
      <Divider />
      <Box sx={{ px: 2, py: 1.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap data-testid="sidebar-user-name">
          {me?.full_name ?? stored?.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {me?.email ?? stored?.email}
        </Typography>
        <Button
          fullWidth
          variant="outlined"
          color="primary"
          size="small"
          startIcon={<LogoutIcon />}
          onClick={() => logout()}
          sx={{ mt: 1 }}
        >
          {translate('app.sidebar.logout')}
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
        {translate('app.sidebar.copyright', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
}
