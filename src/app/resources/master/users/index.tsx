import { lazy } from 'react';
import GroupIcon from '@mui/icons-material/Group';
import { users } from '../../../../domain/resources/users';

/** Master users (spec part 2 §2 'Master Data - Users'); the screen loads on first visit. */
export default {
  name: users.name,
  list: lazy(() => import('./UserList')),
  icon: GroupIcon,
  recordRepresentation: 'name',
};
