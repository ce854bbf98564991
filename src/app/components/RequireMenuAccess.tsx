import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading } from 'react-admin';
import { isPathAllowed } from '../../domain/menu';
import { useMe } from '../layout/useMe';

/**
 * The route guard of custom pages and resource screens: the location (or the screen's own
 * path, for a resource whose dialogs live below it) must be allowed by the role's menu paths
 * (directly or below a submenu path); otherwise the user lands on /dashboard. Nothing inside
 * renders, and so no data is asked for, until the role is known to allow it.
 */
export function RequireMenuAccess({ children, path }: { children: ReactNode; path?: string }) {
  const { pathname } = useLocation();
  const { data: me, isPending } = useMe();
  if (isPending) return <Loading />;
  if (!me || !isPathAllowed(path ?? pathname, me.menus)) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

export const RedirectToDashboard = () => <Navigate to="/dashboard" replace />;
