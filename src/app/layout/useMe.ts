import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchMe, type Me } from '../providers/authProvider';
import { ACCESS_REFUSED_EVENT } from '../providers/http';

/** How often an open console reads its access again, so a super admin's change reaches it. */
export const ACCESS_REFRESH_MS = 10_000;

/** The access's query: invalidated to read it again at once (a menu change on the stream). */
export const ME_KEY = ['auth', 'me'];

/**
 * The signed-in admin's profile and allowed menu paths, read again when the window gets the
 * focus, every ACCESS_REFRESH_MS and at once after the server refused a call (403): the sidebar
 * and the route guard follow a change of the role's menus within seconds.
 */
export function useMe() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ME_KEY });
    window.addEventListener(ACCESS_REFUSED_EVENT, refresh);
    return () => window.removeEventListener(ACCESS_REFUSED_EVENT, refresh);
  }, [queryClient]);
  return useQuery<Me>({
    queryKey: ME_KEY,
    // The first read takes the answer the sign-in asked for (react-admin's identity and
    // permissions), even while it is on its way; every later one asks the server.
    queryFn: () => fetchMe(queryClient.getQueryData(ME_KEY) !== undefined),
    staleTime: 5_000,
    refetchInterval: ACCESS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
