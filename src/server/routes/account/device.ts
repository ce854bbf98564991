/** A session's device as a person names it ('Chrome 120 · Windows 10'), from its user agent. */
import Bowser from 'bowser';

export interface Device {
  /** Browser and operating system, or null when the user agent names neither. */
  device: string | null;
  /** desktop, mobile, tablet, tv ... or null. */
  device_type: string | null;
}

export function describeDevice(userAgent: string | null): Device {
  if (!userAgent) return { device: null, device_type: null };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const parts = [
    browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    os.name
      ? [os.name, os.versionName ?? (os.name === 'Windows' ? null : os.version)].filter(Boolean).join(' ')
      : null,
  ].filter((p): p is string => !!p);
  return { device: parts.length ? parts.join(' · ') : null, device_type: platform.type ?? null };
}
