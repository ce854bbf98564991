import { useQuery } from '@tanstack/react-query';
import { fetchMe, type Me } from '../providers/authProvider';

/** The signed-in admin's profile and allowed menu paths. */
export function useMe() {
  return useQuery<Me>({ queryKey: ['auth', 'me'], queryFn: fetchMe, staleTime: 60_000 });
}
