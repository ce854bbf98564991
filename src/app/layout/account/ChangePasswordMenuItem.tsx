import { lazy, Suspense, useState } from 'react';
import { useTranslate, useUserMenu } from 'react-admin';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import PasswordIcon from '@mui/icons-material/Password';

const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog'));

/** The user menu's 'Ubah Kata Sandi': it opens the dialog (which lives outside the menu). */
export function ChangePasswordMenuItem({ onOpen }: { onOpen: () => void }) {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem
      onClick={() => {
        menu?.onClose();
        onOpen();
      }}
    >
      <ListItemIcon>
        <PasswordIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.account.password.menu')}</ListItemText>
    </MenuItem>
  );
}

/**
 * The dialog, kept beside the menu rather than in it: the menu's items are gone once it closes.
 * Loaded on first use.
 */
export function useChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const dialog = open ? (
    <Suspense fallback={null}>
      <ChangePasswordDialog onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
  return { open: () => setOpen(true), dialog };
}
