/** How maintenance says what it does: a system log line (and the server's own log). */
export type Report = (
  level: 'INFO' | 'WARNING' | 'ERROR',
  message: string,
  details?: Record<string, unknown>,
) => void;

export const quiet: Report = () => undefined;

/** Seconds since `t` (a performance.now() reading), to one decimal. */
export const seconds = (t: number) => Math.round((performance.now() - t) / 100) / 10;
