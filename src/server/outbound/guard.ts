import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { blockedReason } from './address.js';

/** Resolves a host name to every address it has (stubbed in tests). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** The platform refused to call a URL (its scheme, or an address it may not reach): a 400. */
export class OutboundRefused extends Error {
  readonly refused = true;
}

/** The call was allowed but did not succeed (no answer, DNS failure, timeout, too many hops). */
export class OutboundFailed extends Error {
  readonly refused = false;
}

export interface OutboundPolicy {
  /** Hosts the guard lets through whatever their address: 'host' or 'host:port' (OUTBOUND_ALLOW_HOSTS). */
  allowHosts: string[];
  resolve?: Resolver;
  /**
   * Where a caller may go at all, beside allowHosts (the simulation proxy: the URLs registered on
   * API keys). A URL it refuses, and not on allowHosts, is refused before any lookup; one it
   * accepts still has its address checked.
   */
  targetAllowed?: (url: URL) => boolean | Promise<boolean>;
}

/** Where one hop goes: the URL and the one address that was checked (and is connected to). */
export interface CheckedTarget {
  url: URL;
  host: string;
  address: string;
  family: 4 | 6;
  allowListed: boolean;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/** Is the URL's host (and port, when the entry names one) on the allow-list? */
export function isAllowListed(url: URL, allowHosts: string[]): boolean {
  const host = hostOf(url);
  const port = portOf(url);
  return allowHosts.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (!entry) return false;
    // '[::1]:8080', '[::1]', 'host:8080', 'host', '::1'
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    if (bracketed) return bracketed[1] === host && (!bracketed[2] || bracketed[2] === port);
    if (isIP(entry) === 6) return entry === host;
    const [h, p] = entry.split(':');
    return h === host && (!p || p === port);
  });
}

/** Parses a URL the platform is asked to call: http(s) only, no credentials in it. */
export function parseTargetUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new OutboundRefused('URL tidak valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRefused(`Hanya URL http atau https yang boleh dipanggil (bukan ${url.protocol})`);
  if (url.username || url.password)
    throw new OutboundRefused('URL tidak boleh memuat nama pengguna atau sandi');
  if (!url.hostname) throw new OutboundRefused('URL tidak memiliki host');
  return url;
}

/**
 * The decision for one hop, without connecting: the URL's host is resolved once, and every
 * address it resolves to must be public (unless the host is allow-listed). The first address
 * is the one the client then connects to, so a second lookup cannot point it elsewhere.
 */
export async function checkTarget(raw: string | URL, policy: OutboundPolicy): Promise<CheckedTarget> {
  const url = parseTargetUrl(raw);
  const host = hostOf(url);
  const allowListed = isAllowListed(url, policy.allowHosts);
  if (policy.targetAllowed && !allowListed && !(await policy.targetAllowed(url)))
    throw new OutboundRefused(`URL ${url.origin} tidak terdaftar sebagai URL tujuan yang boleh dipanggil`);
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(host);
    } catch (err) {
      throw new OutboundFailed(
        `Host ${host} tidak ditemukan (${(err as NodeJS.ErrnoException).code ?? 'DNS'})`,
      );
    }
    if (!addresses.length) throw new OutboundFailed(`Host ${host} tidak ditemukan`);
  }
  if (!allowListed) {
    for (const { address } of addresses) {
      const reason = blockedReason(address);
      if (reason)
        throw new OutboundRefused(
          `Alamat ${host}${address !== host ? ` (${address})` : ''} tidak boleh dipanggil: ${reason}. ` +
            'Tambahkan host ke OUTBOUND_ALLOW_HOSTS bila memang dimaksud.',
        );
    }
  }
  const first = addresses[0];
  return { url, host, address: first.address, family: first.family === 6 ? 6 : 4, allowListed };
}
