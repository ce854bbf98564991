import { Notification, type NotificationProps } from 'react-admin';
import { useMediaQuery, type Theme } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { messageSeconds } from '../../domain/messages';

/**
 * react-admin's toast, hidden after the time the current screen's messages stay (§8, §9). On a
 * phone it shows at the top: at the foot it would lie over a dialog's Batal/Simpan bar and the
 * add button.
 */
export function AppNotification(props: NotificationProps) {
  const { pathname } = useLocation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Notification
      anchorOrigin={{ vertical: phone ? 'top' : 'bottom', horizontal: 'center' }}
      {...props}
      autoHideDuration={messageSeconds(pathname) * 1000}
    />
  );
}
