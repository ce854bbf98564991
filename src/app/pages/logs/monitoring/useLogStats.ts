import { useQuery } from '@tanstack/react-query';
import { API_URL, httpClient } from '../../../providers/http';

export interface LogStats {
  activity: { total_activities: number };
  login: { successful_logins: number; total_logins: number };
  system: { errors: number; total_logs: number };
  security: { unresolved_events: number; total_events: number };
}

/** The last seven days' figures of the four logs (GET /logs/stats?period=7d). */
export function useLogStats() {
  return useQuery<LogStats, Error>({
    queryKey: ['dashboard', 'logs', 'stats'],
    queryFn: async () => (await httpClient(`${API_URL}/logs/stats?period=7d`)).json as LogStats,
  });
}
