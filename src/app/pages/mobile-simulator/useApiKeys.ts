/**
 * The facility keys of the settings panel (spec part 2 §7, §8): the list the user may use, the
 * key chosen on opening (the last one used on this screen, else the first that opens; a
 * medical_facility user's own), its revealed value and dev URL put on the connection, the
 * session's Bearer token kept with it, and POST /v1/token.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { API_URL, httpClient } from '../../providers/http';
import { fetchMe } from '../../providers/authProvider';
import { localTargetUrl, rowsOf, type KeyOption } from './client';
import { keyOrder, readLastKey, readSession, rememberKey, writeSession } from './keys';
import type { FacilityApi } from './useFacilityApi';

const T = 'app.mobile_simulator';

/** Why a key is already chosen: a facility user's own, the last one used, the first one. */
export type AutoKey = 'facility' | 'last' | 'first' | null;

export interface ApiKeys {
  keys: KeyOption[];
  keysLoading: boolean;
  keysError: boolean;
  keyId: number | '';
  autoKey: AutoKey;
  /** The user picks a key in the panel. */
  choose: (id: number) => void;
  username: string;
  setUsername: (v: string) => void;
  tokenError: string | null;
  getToken: (password: string) => Promise<void>;
}

/** Chooses the key the screen opens with: the last one used, else the first that opens. */
async function openingPick(
  list: KeyOption[],
  facilityUser: boolean,
  pickKey: (k: KeyOption) => Promise<boolean>,
  live: () => boolean,
): Promise<AutoKey> {
  const last = readLastKey();
  for (const k of keyOrder(list, last)) {
    if (!live()) return null;
    if (await pickKey(k)) return facilityUser ? 'facility' : k.id === last ? 'last' : 'first';
  }
  return null;
}

export function useApiKeys(api: FacilityApi, onKeyChanged: () => void): ApiKeys {
  const translate = useTranslate();
  const { conn, setConn } = api;
  const [keys, setKeys] = useState<KeyOption[]>([]);
  const [keysLoading, setKeysLoading] = useState(true);
  const [keysError, setKeysError] = useState(false);
  const [keyId, setKeyId] = useState<number | ''>('');
  const [autoKey, setAutoKey] = useState<AutoKey>(null);
  const [username, setUsername] = useState('');
  const [tokenError, setTokenError] = useState<string | null>(null);
  // Only the latest pick may set the connection (an older reveal can answer later).
  const latest = useRef(0);

  useEffect(() => {
    if (!conn.key) return;
    writeSession({
      keyId: keyId === '' ? null : keyId,
      targetUrl: conn.targetUrl,
      auth: conn.auth,
      token: conn.token,
    });
  }, [conn.key, conn.targetUrl, conn.auth, conn.token, keyId]);

  /** Reveals the key and connects with it; false when it cannot be opened. */
  const pickKey = useCallback(
    async (k: KeyOption) => {
      const pick = ++latest.current;
      setKeyId(k.id);
      setTokenError(null);
      try {
        const { json } = await httpClient(`${API_URL}/admin/simulator-apikeys/${k.id}/reveal`);
        if (pick !== latest.current) return true;
        const targetUrl = k.url_dev || localTargetUrl();
        // The session's token and auth method for this key and target, when there is one.
        const stored = readSession();
        const same = stored?.keyId === k.id && stored.targetUrl === targetUrl;
        setConn({
          key: json.x_api_key,
          targetUrl,
          auth: same ? stored.auth : 'apikey',
          token: same ? stored.token : null,
        });
        setUsername(k.username ?? '');
        rememberKey(k.id);
        onKeyChanged();
        return true;
      } catch {
        return false;
      }
    },
    [setConn, onKeyChanged],
  );

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const [{ json }, me] = await Promise.all([
          httpClient(`${API_URL}/admin/simulator-apikeys?limit=100`),
          fetchMe().catch(() => null),
        ]);
        if (!live) return;
        const list: KeyOption[] = rowsOf(json);
        setKeys(list);
        const facilityUser = (me?.effective_role ?? me?.role) === 'medical_facility';
        const auto = await openingPick(list, facilityUser, pickKey, () => live);
        if (!live) return;
        setAutoKey(auto);
        if (!auto && list.length) setKeysError(true);
      } catch {
        if (live) setKeysError(true);
      } finally {
        if (live) setKeysLoading(false);
      }
    })();
    return () => {
      live = false;
    };
  }, [pickKey]);

  const choose = (id: number) => {
    const k = keys.find((x) => x.id === id);
    if (!k) return;
    setAutoKey((a) => (a === 'facility' ? a : null));
    void pickKey(k).then((ok) => setKeysError(!ok));
  };

  const getToken = async (password: string) => {
    setTokenError(null);
    const a = await api.token(username, password);
    const token = a.body?.data?.response?.token ?? a.body?.response?.token;
    if (!a.ok || !token) {
      setConn({ token: null });
      setTokenError(`${translate(`${T}.errors.token`)}: ${a.status ?? '-'}${a.detail ? ` ${a.detail}` : ''}`);
      return;
    }
    setConn({ token });
  };

  return {
    keys,
    keysLoading,
    keysError,
    keyId,
    autoKey,
    choose,
    username,
    setUsername,
    tokenError,
    getToken,
  };
}

/** The chosen key's facility as the facility directory names it (GET /facilities). */
export function useFacilityName(
  api: FacilityApi,
  chosen: KeyOption | undefined,
  onError: (detail: string | null) => void,
) {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!api.conn.key || !chosen) return;
    let live = true;
    api.facilities().then((a) => {
      if (!live) return;
      if (!a.ok) {
        onError(a.detail);
        return;
      }
      const f = rowsOf(a.body).find((r) => r.facility_code === chosen.facility_code);
      setName(f?.name ?? chosen.facility_name);
    });
    return () => {
      live = false;
    };
    // Once per key: the auth method or token changing does not reload the directory.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api.conn.key, chosen?.id]);
  return name;
}
