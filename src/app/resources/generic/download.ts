import { API_URL, screenHeaders } from '../../providers/http';
import { getToken } from '../../providers/session';

/**
 * Fetches a file of the API with the session's token and saves it as a browser download, under
 * the name the server gives (Content-Disposition) or `fallbackName`. A refusal throws the
 * server's message.
 */
export async function saveDownload(path: string, fallbackName: string) {
  const res = await fetch(`${API_URL}/${path}`, {
    headers: screenHeaders(new Headers({ Authorization: `Bearer ${getToken() ?? ''}` })),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
    throw new Error(body.message ?? body.error ?? res.statusText);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name ?? fallbackName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
