import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { simulatorApiKeys } from './index';
import { API_URL, httpClient } from '../../app/providers/http';
import { R, type SecretField } from './textKeys';
import { useCopyText } from './useCopyText';

type Full = { x_api_key: string; token: string | null };

/**
 * The keys and tokens revealed on this screen (each reveal asks the server, which logs it), and
 * what a row does with them: hide, copy, and Test (POST /admin/test-simulator-apikey).
 */
export function useApiKeySecrets() {
  const translate = useTranslate();
  const notify = useNotify();
  const copyText = useCopyText();
  const [revealed, setRevealed] = useState<Record<number, Full>>({});

  const reveal = async (id: number) => {
    const { json } = await httpClient(`${API_URL}/${simulatorApiKeys.name}/${id}/reveal`);
    setRevealed((r) => ({ ...r, [id]: json }));
    return json as Full;
  };
  const hide = (id: number) =>
    setRevealed((r) => {
      const { [id]: _gone, ...rest } = r;
      return rest;
    });
  const toggle = (id: number, shown: boolean) => {
    if (shown) hide(id);
    else reveal(id).catch((err: Error) => notify(err.message, { type: 'error' }));
  };
  const copy = (id: number, field: SecretField) =>
    copyText(async () => (revealed[id] ?? (await reveal(id)))[field] ?? '');
  const test = async (id: number) => {
    try {
      const full = revealed[id] ?? (await reveal(id));
      const { json } = await httpClient(`${API_URL}/admin/test-simulator-apikey`, {
        method: 'POST',
        body: JSON.stringify({ x_api_key: full.x_api_key }),
      });
      const v = json.validation_result;
      if (v?.is_valid)
        notify(translate(`${R}.actions.valid`, { facility: v.facility_name, username: v.username ?? '-' }), {
          type: 'success',
        });
      else notify(translate(`${R}.actions.invalid`), { type: 'warning' });
    } catch {
      notify(translate(`${R}.actions.test_failed`), { type: 'error' });
    }
  };
  return { revealed, toggle, copy, test };
}

export type ApiKeySecrets = ReturnType<typeof useApiKeySecrets>;
