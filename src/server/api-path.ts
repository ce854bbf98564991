/**
 * Whether a URL is the API's (/api, /api/…, /api?…) rather than the console's: the console
 * has screens of its own whose paths start with the same letters (/api-simulator).
 */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
