import { existsSync } from 'node:fs';

/**
 * The browser of the browser tests: CHROMIUM_PATH, else Debian's headless shell (package
 * chromium-headless-shell: the same Blink without the full browser's windowing, about a quarter
 * less CPU per screen), else Debian's chromium.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ??
  '/usr/bin/chromium';
