import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading, useNotify } from 'react-admin';
import { isPathAllowed } from '../../domain/menu';
import { useMe } from '../layout/useMe';

/**
 * The route guard of custom pages and resource screens: the location (or the screen's own
 * path, for a resource whose dialogs live below it) must be allowed by the role's menu paths
 * (directly or below a submenu path); otherwise the user lands on /dashboard with a message,
 * also when a super admin takes the screen from the role while it is open (useMe reads the
 * access again). Nothing inside renders, and so no data is asked for, until the role is known
 * to allow it.
 */
export function RequireMenuAccess({ children, path }: { children: ReactNode; path?: string }) {
  const { pathname } = useLocation();
  const { data: me, isPending } = useMe();
  if (isPending) return <Loading />;
  if (!me || !isPathAllowed(path ?? pathname, me.menus)) return <LeaveScreen />;
  return <>{children}</>;
}

function LeaveScreen() {
  const notify = useNotify();
  useEffect(() => {
    notify('app.access.denied', { type: 'warning' });
  }, [notify]);
  return <Navigate to="/dashboard" replace />;
}

export const RedirectToDashboard = () => <Navigate to="/dashboard" replace />;
