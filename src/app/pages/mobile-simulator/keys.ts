/**
 * What E-Registrasi remembers of its connection: the last key used (local storage, so the next
 * visit starts with it) and the Bearer token of this browser session with the key and target
 * it was issued for (session storage).
 */
import type { AuthMethod, KeyOption } from './client';

const SESSION_STORE = 'mobile-simulator.session';
/** The id of the key last chosen on this screen. */
export const LAST_KEY_STORE = 'mobile-simulator.last-key';

export interface StoredSession {
  keyId: number | null;
  targetUrl: string;
  auth: AuthMethod;
  token: string | null;
}

export function readSession(): StoredSession | null {
  try {
    return JSON.parse(sessionStorage.getItem(SESSION_STORE) ?? 'null');
  } catch {
    return null;
  }
}

export const writeSession = (session: StoredSession) =>
  sessionStorage.setItem(SESSION_STORE, JSON.stringify(session));

export function readLastKey(): number | null {
  try {
    const id = Number(localStorage.getItem(LAST_KEY_STORE));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function rememberKey(id: number) {
  try {
    localStorage.setItem(LAST_KEY_STORE, String(id));
  } catch {
    // Storage full or refused: the next visit starts with the first key instead.
  }
}

/**
 * The keys in the order the screen tries them on opening: the last one used first when it is
 * still listed, then the list's order. The first of these that opens is chosen.
 */
export function keyOrder(list: KeyOption[], last: number | null): KeyOption[] {
  const remembered = list.find((k) => k.id === last);
  return remembered ? [remembered, ...list.filter((k) => k !== remembered)] : list;
}
