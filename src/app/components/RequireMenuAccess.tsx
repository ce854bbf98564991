import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading } from 'react-admin';
import { isPathAllowed } from '../../domain/menu';
import { useMe } from '../layout/useMe';

/**
 * The route guard of custom pages: the location must be allowed by the role's menu paths
 * (directly or below a submenu path); otherwise the user lands on /dashboard.
 */
export function RequireMenuAccess({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { data: me, isPending } = useMe();
  if (isPending) return <Loading />;
  if (!me || !isPathAllowed(pathname, me.menus)) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

export const RedirectToDashboard = () => <Navigate to="/dashboard" replace />;
