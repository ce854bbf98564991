import type { AuthProvider } from 'react-admin';
import { isPathAllowed } from '../../domain/menu';
import { normalizeRole } from '../../domain/roles';
import { API_URL, consoleLanguage, httpClient } from './http';
import { realtime } from './realtime';
import { clearSession, getStoredUser, getToken, storeSession, type StoredUser } from './session';
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
  two_factor?: { enabled: boolean; required: boolean; setup_required: boolean };
  /** A temporary password a super admin set: the session may only change it. */
  password_change_required?: boolean;
}

export const LOGIN_FAILED = 'Login failed';
export const NETWORK_ERROR = 'Network error. Please try again.';

let mePromise: Promise<Me> | null = null;
/** The session token the last answer was for. */
let meToken: string | null = null;

/**
 * What a sign-in asks for after the password, thrown by login() for the login page to show:
 * the code (two-factor on), the enrolment (a role that must use it), or the change of a
 * temporary password. The last two come with a session that may only do that, and that is not
 * stored until it is done.
 */
export class SignInStep extends Error {
  constructor(
    readonly next:
      | { kind: 'code'; mfaToken: string }
      // thenChange: a temporary password too, changed once the enrolment is done.
      | { kind: 'enrol'; token: string; user: StoredUser; thenChange?: boolean }
      | { kind: 'change'; token: string; user: StoredUser },
  ) {
    super(next.kind);
  }
}

/** The 403 code of every call a session makes before its temporary password is changed. */
export const PASSWORD_CHANGE_REQUIRED_CODE = 'password_change_required';

/** The three ways login() is called: the password, the code of the second step, an enrolled session. */
export type LoginParams =
  | { email: string; password: string }
  | { mfa_token: string; code: string }
  | { session: { token: string; user: StoredUser } };

const storedUserOf = (u: {
  id: number;
  email: string;
  full_name: string;
  role: string;
  username: string;
}) => ({
  id: u.id,
  email: u.email,
  name: u.full_name,
  role: u.role,
  username: u.username,
});

async function post(url: string, body: object) {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      // Its refusals in the console's language (a wrong password, an expired step).
      headers: { 'Content-Type': 'application/json', 'Accept-Language': consoleLanguage() },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(NETWORK_ERROR);
  }
  const json = await response.json().catch(() => ({}));
  if (!response.ok || !(json.token || json.mfa_token)) {
    // The failing fields (a wrong code) stay with the error: the code step shows them by its field.
    throw Object.assign(new Error(json.error || json.message || LOGIN_FAILED), {
      status: response.status,
      errors: json.errors as Record<string, string> | undefined,
    });
  }
  return json;
}

/**
 * The caller's profile and menu access (GET /api/auth/me): the last answer, or a new one when
 * `fresh` (useMe asks again on focus, every few seconds and after a 403, so that a change of the
 * role's menus reaches an open console).
 */
export function fetchMe(fresh = false): Promise<Me> {
  // The last answer is another session's once the stored token has changed.
  if (!mePromise || fresh || meToken !== getToken()) {
    const next = httpClient(`${API_URL}/auth/me`).then(({ json }) => json as Me);
    next.catch(() => {
      if (mePromise === next) mePromise = null;
    });
    mePromise = next;
    meToken = getToken();
  }
  return mePromise;
}

/**
 * The signed-in user for an access check: a busy server's or a lost connection's failure is asked
 * again (after 0.3 and 1 s) rather than read as "no access", which would hide a screen's buttons
 * until it is opened anew. Null when the session is refused or the server keeps failing.
 */
async function meWithRetries(): Promise<Me | null> {
  for (const wait of [300, 1000, 0]) {
    try {
      return await fetchMe();
    } catch (error: any) {
      const transient = !error?.status || error.status >= 500 || error.status === 429;
      if (!transient || !wait) return null;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
  return null;
}

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    mePromise = null;
    if ('session' in params) {
      storeSession(params.session.token, params.session.user);
      return;
    }
    if ('mfa_token' in params) {
      const body = await post(`${API_URL}/auth/2fa/verify`, params);
      if (body.password_change_required)
        throw new SignInStep({ kind: 'change', token: body.token, user: storedUserOf(body.user) });
      storeSession(body.token, storedUserOf(body.user));
      return { recoveryCodesLeft: body.recovery_codes_left as number | undefined };
    }
    const body = await post(`${API_URL}/auth/login`, params);
    if (body.mfa_required) throw new SignInStep({ kind: 'code', mfaToken: body.mfa_token });
    if (body.two_factor_setup_required)
      throw new SignInStep({
        kind: 'enrol',
        token: body.token,
        user: storedUserOf(body.user),
        thenChange: Boolean(body.password_change_required),
      });
    if (body.password_change_required)
      throw new SignInStep({ kind: 'change', token: body.token, user: storedUserOf(body.user) });
    storeSession(body.token, storedUserOf(body.user));
  },
  async logout() {
    const token = getToken();
    mePromise = null;
    clearSession();
    // The change stream ends with the session (the server closes it too).
    realtime.stop();
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
    // A session whose temporary password must be changed reaches nothing else: sign in again,
    // which leads to the change.
    const mustChange = error?.status === 403 && error?.body?.code === PASSWORD_CHANGE_REQUIRED_CODE;
    if (error?.status === 401 || mustChange) {
      mePromise = null;
      clearSession();
      realtime.stop();
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
    const me = await meWithRetries();
    if (!me) return false;
    return isPathAllowed(screenPathOf(resource!), me.menus);
  },
};
