/** The stored session: the token and the signed-in user, kept in local storage (spec part 1 §3). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface StoredUser {
  id: number;
  email: string;
  name: string;
  role: string;
  username: string;
}

export const getToken = () => localStorage.getItem(TOKEN_KEY);

export function getStoredUser(): StoredUser | null {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: StoredUser) {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
