/**
 * How long a message (a toast, or a screen's load-error alert) stays before it clears itself
 * (spec part 2 §8, §9): 3 s on the poli and simulator screens, 6 s everywhere else. A message
 * can always be dismissed sooner.
 */
export const MESSAGE_SECONDS = 6;
export const SHORT_MESSAGE_SECONDS = 3;

/** Screens whose messages clear after 3 s: master and simulator poli, every simulator screen. */
const SHORT_MESSAGE_PATHS = ['/master/poli', '/simulator', '/api-simulator', '/admin/simulator'];

export function messageSeconds(pathname: string): number {
  return SHORT_MESSAGE_PATHS.some((p) => pathname === p || pathname.startsWith(p + '/'))
    ? SHORT_MESSAGE_SECONDS
    : MESSAGE_SECONDS;
}
