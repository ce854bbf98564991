/**
 * The two-factor calls of the console (POST /api/auth/2fa/...). On the login page a role that
 * must enrol holds a session that may only enrol and is not stored yet: those calls carry its
 * token explicitly.
 */
import { API_URL, httpClient } from './http';

export interface TwoFactorStatus {
  enabled: boolean;
  /** The role must use it (REQUIRE_2FA_ROLES). */
  required: boolean;
  recovery_codes_left: number;
}

export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
}

const call = async <T>(path: string, body?: object, token?: string): Promise<T> => {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const { json } = await httpClient(`${API_URL}/auth/2fa${path}`, {
    method: body ? 'POST' : 'GET',
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  return json as T;
};

export const twoFactorStatus = () => call<TwoFactorStatus>('');
export const startSetup = (token?: string) => call<TwoFactorSetup>('/setup', {}, token);
export const enableTwoFactor = (code: string, token?: string) =>
  call<{ recovery_codes: string[] }>('/enable', { code }, token);
export const disableTwoFactor = (password: string, code: string) => call('/disable', { password, code });

/** The recovery codes as a text file, one a line, downloaded by the browser. */
export function downloadRecoveryCodes(codes: string[], header: string) {
  const url = URL.createObjectURL(
    new Blob([`${header}\r\n\r\n${codes.join('\r\n')}\r\n`], { type: 'text/plain' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = 'kode-pemulihan.txt';
  a.click();
  URL.revokeObjectURL(url);
}
