import { Link } from 'react-router-dom';
import { useTranslate, useUserMenu } from 'react-admin';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import DevicesIcon from '@mui/icons-material/Devices';

/** The user menu's way to the 'Sesi Aktif' page. */
export function SessionsMenuItem() {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to="/account/sessions" onClick={() => menu?.onClose()}>
      <ListItemIcon>
        <DevicesIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.account.sessions.menu')}</ListItemText>
    </MenuItem>
  );
}
