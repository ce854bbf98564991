import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLogin } from 'react-admin';
import { dashboardQuery } from './useDashboardData';

/**
 * The aggregates the dashboard shows (GET /api/dashboard/<path>). The server opens all of them
 * to the /dashboard menu path, which every role has, and the page shows all of them to every role.
 */
export const DASHBOARD_FIGURES = {
  stats: 'stats',
  appointments: 'appointments-by-date',
  facilities: 'medical-facilities',
  demographics: 'patient-demographics',
} as const;

/**
 * Asks for the dashboard's figures under the keys of its own queries, so that the page, when it
 * mounts, finds them arriving or arrived. An earlier account's answers are dropped first.
 */
export function prefetchDashboard(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: ['dashboard'] });
  for (const path of Object.values(DASHBOARD_FIGURES)) void queryClient.prefetchQuery(dashboardQuery(path));
}

/**
 * react-admin's login that, once signed in (not at a two-factor step, which throws), asks for the
 * dashboard's figures at once, next to /auth/me: 'Masuk' then waits for the sign-in and the
 * figures side by side rather than for the layout, the page and then the figures.
 */
export function useLoginToDashboard(): ReturnType<typeof useLogin> {
  const login = useLogin();
  const queryClient = useQueryClient();
  return useCallback(
    async (params, pathName) => {
      const answer = await login(params, pathName);
      prefetchDashboard(queryClient);
      return answer;
    },
    [login, queryClient],
  );
}
