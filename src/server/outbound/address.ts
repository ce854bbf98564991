import { isIP } from 'node:net';

/**
 * Which addresses an outbound call may never reach (unless its host is allow-listed): the
 * server itself, its network and the cloud's metadata service. Decided on the address, not on
 * the name, so a name that resolves to 127.0.0.1 is refused like 127.0.0.1 itself.
 */

/** An IPv4 address as a 32-bit number, or null. */
function ipv4ToInt(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

const v4 = (cidr: string) => {
  const [ip, bits] = cidr.split('/');
  return { base: ipv4ToInt(ip)!, bits: Number(bits) };
};

/** IPv4 ranges that are not the public internet, with the reason given to the caller. */
const IPV4_BLOCKED: { base: number; bits: number; reason: string }[] = [
  { ...v4('0.0.0.0/8'), reason: 'alamat tidak spesifik (0.0.0.0/8)' },
  { ...v4('127.0.0.0/8'), reason: 'loopback (127.0.0.0/8)' },
  { ...v4('10.0.0.0/8'), reason: 'jaringan privat (10.0.0.0/8)' },
  { ...v4('172.16.0.0/12'), reason: 'jaringan privat (172.16.0.0/12)' },
  { ...v4('192.168.0.0/16'), reason: 'jaringan privat (192.168.0.0/16)' },
  { ...v4('169.254.0.0/16'), reason: 'link-local / metadata (169.254.0.0/16)' },
  { ...v4('100.64.0.0/10'), reason: 'jaringan bersama operator (100.64.0.0/10)' },
  { ...v4('192.0.0.0/24'), reason: 'alamat khusus IETF (192.0.0.0/24)' },
  { ...v4('198.18.0.0/15'), reason: 'jaringan uji (198.18.0.0/15)' },
  { ...v4('224.0.0.0/4'), reason: 'multicast (224.0.0.0/4)' },
  { ...v4('240.0.0.0/4'), reason: 'alamat cadangan (240.0.0.0/4)' },
];

function inV4(n: number, base: number, bits: number) {
  if (bits === 0) return true;
  const mask = bits === 32 ? 0xffffffff : (0xffffffff << (32 - bits)) >>> 0;
  return (n & mask) >>> 0 === (base & mask) >>> 0;
}

/** An IPv6 address as eight 16-bit groups (an IPv4 tail becomes the last two), or null. */
export function ipv6Groups(ip: string): number[] | null {
  let s = ip.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (tail) {
    const n = ipv4ToInt(tail[1]);
    if (n === null) return null;
    s = `${s.slice(0, -tail[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parse = (h: string) => (h ? h.split(':') : []);
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

function checkV4(n: number): string | null {
  for (const r of IPV4_BLOCKED) if (inV4(n, r.base, r.bits)) return r.reason;
  return null;
}

/**
 * Why `ip` may not be called (a reason in Indonesian), or null for a public address. IPv6 forms
 * that carry an IPv4 address (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96,
 * 6to4 2002::/16) are judged by that IPv4 address.
 */
export function blockedReason(ip: string): string | null {
  const family = isIP(ip.replace(/%.*$/, ''));
  if (family === 4) return checkV4(ipv4ToInt(ip)!);
  if (family !== 6) return 'bukan alamat IP';
  const g = ipv6Groups(ip);
  if (!g) return 'bukan alamat IP';
  const embedded = (hi: number, lo: number) => ((hi << 16) >>> 0) + lo;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'alamat tidak spesifik (::)';
  if (zeros(0, 7) && g[7] === 1) return 'loopback (::1)';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated).
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) {
    const reason = checkV4(embedded(g[6], g[7]));
    return reason ? `${reason}, dalam bentuk IPv6` : null;
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) {
    const reason = checkV4(embedded(g[6], g[7]));
    return reason ? `${reason}, lewat NAT64` : null;
  }
  if (g[0] === 0x2002) {
    const reason = checkV4(embedded(g[1], g[2]));
    return reason ? `${reason}, lewat 6to4` : null;
  }
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local (fe80::/10)';
  if ((g[0] & 0xfe00) === 0xfc00) return 'jaringan privat (fc00::/7)';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast (ff00::/8)';
  if ((g[0] & 0xffc0) === 0xfec0) return 'site-local (fec0::/10)';
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'alamat dokumentasi (2001:db8::/32)';
  return null;
}
