/**
 * What E-Registrasi remembers of its connection: the Bearer token of this browser session with
 * the key and target it was issued for (session storage).
 */
import type { AuthMethod } from './client';

const SESSION_STORE = 'mobile-simulator.session';

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
