import { useCallback, useMemo, useState, type MouseEvent } from 'react';
import { Logout, UserMenuContextProvider, useGetIdentity, useTranslate } from 'react-admin';
import { Button, IconButton, Menu, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import { SessionsMenuItem } from './SessionsMenuItem';
import { TwoFactorMenuItem } from './TwoFactorMenuItem';
import { ChangePasswordMenuItem, useChangePasswordDialog } from './ChangePasswordMenuItem';

/** The button that opens the menu: the user's name on wide screens, an icon on a phone. */
function UserMenuButton({ open, onOpen }: { open: boolean; onOpen: (e: MouseEvent<HTMLElement>) => void }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const menu = translate('app.account.user_menu');
  const popup = {
    'aria-haspopup': true,
    'aria-expanded': open,
    'aria-controls': open ? 'user-menu' : undefined,
    onClick: onOpen,
    color: 'inherit' as const,
  };
  if (wide && identity?.fullName)
    return (
      // The accessible name holds the visible name (WCAG 2.5.3) and says what the button is.
      <Button
        {...popup}
        aria-label={`${menu}: ${identity.fullName}`}
        startIcon={<AccountCircle />}
        sx={{ textTransform: 'none', ml: 0.5 }}
      >
        {identity.fullName}
      </Button>
    );
  return (
    <Tooltip title={menu}>
      <IconButton {...popup} aria-label={menu}>
        <AccountCircle />
      </IconButton>
    </Tooltip>
  );
}

/**
 * The header's user menu: the signed-in admin's own account. Each entry is a small component of
 * its own; a dialog an entry opens is rendered here, outside the menu (whose items are gone
 * once it closes).
 */
export function AppUserMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const onClose = useCallback(() => setAnchor(null), []);
  const context = useMemo(() => ({ onClose }), [onClose]);
  const changePassword = useChangePasswordDialog();
  return (
    <>
      <UserMenuButton open={!!anchor} onOpen={(e) => setAnchor(e.currentTarget)} />
      <UserMenuContextProvider value={context}>
        <Menu
          id="user-menu"
          anchorEl={anchor}
          open={!!anchor}
          onClose={onClose}
          disableScrollLock
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <SessionsMenuItem />
          <TwoFactorMenuItem />
          <ChangePasswordMenuItem onOpen={changePassword.open} />
          <Logout />
        </Menu>
      </UserMenuContextProvider>
      {changePassword.dialog}
    </>
  );
}
