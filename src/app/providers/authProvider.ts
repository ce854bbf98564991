import type { AuthProvider } from 'react-admin';
import { isPathAllowed, normalizeRole } from '../../domain/menu';
import { API_URL, httpClient } from './http';
import { clearSession, getStoredUser, getToken, storeSession } from './session';
import { screenPathOf } from '../resources/screen-paths';

export interface Me {
  id: number;
  email: string;
  full_name: string;
  username: string;
  role: string;
  effective_role: string;
  medical_facility_id: number | null;
  /** Menu paths the role may open, from the stored role-to-menu matrix. */
  menus: string[];
}

export const LOGIN_FAILED = 'Login failed';
export const NETWORK_ERROR = 'Network error. Please try again.';

let mePromise: Promise<Me> | null = null;

/**
 * The caller's profile and menu access (GET /api/auth/me): the last answer, or a new one when
 * `fresh` (useMe asks again on focus, every few seconds and after a 403, so that a change of the
 * role's menus reaches an open console).
 */
export function fetchMe(fresh = false): Promise<Me> {
  if (!mePromise || fresh) {
    const next = httpClient(`${API_URL}/auth/me`).then(({ json }) => json as Me);
    next.catch(() => {
      if (mePromise === next) mePromise = null;
    });
    mePromise = next;
  }
  return mePromise;
}

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    let response: Response;
    try {
      response = await fetch(`${API_URL}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
    } catch {
      throw new Error(NETWORK_ERROR);
    }
    const body = await response.json().catch(() => ({}));
    if (!response.ok || !body.token) throw new Error(body.error || body.message || LOGIN_FAILED);
    const u = body.user;
    storeSession(body.token, {
      id: u.id,
      email: u.email,
      name: u.full_name,
      role: u.role,
      username: u.username,
    });
    mePromise = null;
  },
  async logout() {
    const token = getToken();
    mePromise = null;
    clearSession();
    if (token) {
      // Revoke the session on the server; the console is signed out either way.
      await fetch(`${API_URL}/auth/logout`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      }).catch(() => undefined);
    }
    return '/login';
  },
  async checkAuth() {
    if (!getToken()) throw { redirectTo: '/login', message: false };
  },
  async checkError(error) {
    if (error?.status === 401) {
      mePromise = null;
      clearSession();
      throw { redirectTo: '/login', logoutUser: true };
    }
  },
  async getIdentity() {
    const stored = getStoredUser();
    const me = await fetchMe().catch(() => null);
    return {
      id: me?.id ?? stored?.id ?? '',
      fullName: me?.full_name ?? stored?.name,
      email: me?.email ?? stored?.email,
      role: me?.role ?? stored?.role,
      username: me?.username ?? stored?.username,
      medical_facility_id: me?.medical_facility_id ?? null,
    };
  },
  async getPermissions() {
    const me = await fetchMe();
    return { role: normalizeRole(me.role), menus: me.menus, medical_facility_id: me.medical_facility_id };
  },
  async canAccess({ resource }) {
    if (!getToken()) return false;
    const me = await fetchMe().catch(() => null);
    if (!me) return false;
    return isPathAllowed(screenPathOf(resource!), me.menus);
  },
};
