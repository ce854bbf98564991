import { Link } from 'react-router-dom';
import { useTranslate, useUserMenu } from 'react-admin';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';

/** 'Autentikasi Dua Faktor' in the user menu: the account's two-factor page. */
export function TwoFactorMenuItem() {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to="/account/two-factor" onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <VerifiedUserIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.two_factor.menu')}</ListItemText>
    </MenuItem>
  );
}
