/**
 * The API Simulator's state beside its forms: the facility keys and the chosen one, the target
 * configuration, the last answer and its message, and the request history kept on the server
 * (GET/POST/DELETE /api/api-simulator/history).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { API_URL, httpClient } from '../../providers/http';
import { getStoredUser } from '../../providers/session';
import type { KeyOption } from '../mobile-simulator/client';
import { DEFAULT_CONFIG, sendRequest, type TesterConfig, type TesterResponse } from './request';
import type { HistoryEntry } from './dialogs';

export const T = 'app.api_simulator';

export type TabId = 'search' | 'create' | 'facility';

/** Where the key last used by this admin is remembered (its id, in this browser). */
const lastKeyItem = () => `api_simulator.last_key.${getStoredUser()?.id ?? ''}`;

/**
 * The facility keys (a medical_facility user gets only theirs; failures stay silent, §8) and the
 * chosen one with its value and token: the last key used starts chosen, else the first that opens.
 */
function useFacilityKeys() {
  const [keys, setKeys] = useState<KeyOption[] | null>(null);
  const [keyId, setKeyId] = useState<number | ''>('');
  const [key, setKey] = useState('');
  const [token, setToken] = useState<string | null>(null);

  /** Chooses a key and loads its value; false when it cannot be opened (then none is loaded). */
  const pickKey = useCallback(async (id: number) => {
    setKeyId(id);
    setKey('');
    setToken(null);
    try {
      const { json } = await httpClient(`${API_URL}/admin/simulator-apikeys/${id}/reveal`);
      setKey(json.x_api_key ?? '');
      if (!json.x_api_key) return false;
      localStorage.setItem(lastKeyItem(), String(id));
      return true;
    } catch {
      setKey('');
      return false;
    }
  }, []);

  useEffect(() => {
    let live = true;
    httpClient(`${API_URL}/admin/simulator-apikeys?limit=100`)
      .then(async ({ json }) => {
        if (!live) return;
        const list: KeyOption[] = Array.isArray(json) ? json : (json?.data ?? []);
        setKeys(list);
        const last = list.find((k) => String(k.id) === localStorage.getItem(lastKeyItem()));
        for (const k of last ? [last, ...list.filter((x) => x !== last)] : list) {
          if (!live || (await pickKey(k.id))) return;
        }
      })
      .catch(() => live && setKeys([]));
    return () => {
      live = false;
    };
  }, [pickKey]);

  return { keys, keyId, key, pickKey, token, setToken };
}

export function useTester() {
  const translate = useTranslate();
  const { keys, keyId, key, pickKey, token, setToken } = useFacilityKeys();
  const [config, setConfig] = useState<TesterConfig>(DEFAULT_CONFIG);
  const [busy, setBusy] = useState(false);
  const [response, setResponse] = useState<TesterResponse | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>([]);

  const loadHistory = useCallback(async () => {
    try {
      const { json } = await httpClient(`${API_URL}/api-simulator/history`);
      setHistory(json.data ?? []);
    } catch {
      // the history is a convenience: the tester works without it
    }
  }, []);
  useEffect(() => void loadHistory(), [loadHistory]);

  const run = async (tab: TabId, method: 'GET' | 'POST', path: string, body?: unknown) => {
    if (!key) return;
    setBusy(true);
    setMessage(null);
    const res = await sendRequest(config, key, token, method, path, body);
    setResponse(res);
    if (res.status === null) {
      setMessage({ ok: false, text: translate(`${T}.messages.network`, { message: res.error }) });
    } else if (res.status < 400) {
      setMessage({ ok: true, text: translate(`${T}.messages.success`, { ms: res.ms }) });
    } else {
      setMessage({
        ok: false,
        text: translate(`${T}.messages.failed`, { status: res.status, statusText: res.statusText }),
      });
    }
    setBusy(false);
    try {
      await httpClient(`${API_URL}/api-simulator/history`, {
        method: 'POST',
        body: JSON.stringify({
          tab,
          method,
          path,
          body: body ?? null,
          api_key_id: keyId === '' ? null : keyId,
          auth_method: config.auth,
          status: res.status,
          duration_ms: res.ms,
        }),
      });
      await loadHistory();
    } catch {
      // not kept: the answer is shown all the same
    }
  };

  const clearHistory = async () => {
    await httpClient(`${API_URL}/api-simulator/history`, { method: 'DELETE' }).catch(() => null);
    await loadHistory();
  };

  return {
    keys,
    keyId,
    key,
    pickKey,
    chosen: keys?.find((k) => k.id === keyId),
    config,
    setConfig,
    token,
    setToken,
    busy,
    response,
    message,
    setMessage,
    history,
    clearHistory,
    run,
  };
}

export type Tester = ReturnType<typeof useTester>;
