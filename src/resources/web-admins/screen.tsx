import { lazy } from 'react';

/** 'Web Admins' (spec part 2 §2): the generic list with the super admin's temporary password. */
export default lazy(() => import('./WebAdminsScreen'));
