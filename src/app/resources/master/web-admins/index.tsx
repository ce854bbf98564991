import { lazy } from 'react';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { webAdmins } from '../../../../domain/resources/web-admins';

/** Master web admins (spec part 2 §2 'Master Data - Web Admins'); the screen loads on first visit. */
export default {
  name: webAdmins.name,
  list: lazy(() => import('./WebAdminList')),
  icon: ManageAccountsIcon,
  recordRepresentation: 'username',
};
