import { Notification, type NotificationProps } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { messageSeconds } from '../../domain/messages';

/** react-admin's toast, hidden after the time the current screen's messages stay (§8, §9). */
export function AppNotification(props: NotificationProps) {
  const { pathname } = useLocation();
  return <Notification {...props} autoHideDuration={messageSeconds(pathname) * 1000} />;
}
