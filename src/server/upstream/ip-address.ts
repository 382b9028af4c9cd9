import { isIP } from 'node:net';

/**
 * Which IP addresses an outbound fetch of a user-given URL may reach: only globally routable
 * unicast ones. Everything is judged on the 4 or 16 address bytes, so every written form of an
 * address (decimal, hex, octal and short IPv4, IPv4-mapped or NAT64 IPv6) ends in the same verdict.
 */

type Cidr = readonly [prefix: readonly number[], bits: number];

// IANA IPv4 special-purpose registry: everything not globally reachable unicast.
const IPV4_BLOCKED: readonly Cidr[] = [
  [[0], 8], // "this network", 0.0.0.0
  [[10], 8], // private
  [[100, 64], 10], // carrier-grade NAT
  [[127], 8], // loopback
  [[169, 254], 16], // link-local (cloud metadata lives here)
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // deprecated 6to4 relay anycast
  [[192, 168], 16], // private
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation
  [[203, 0, 113], 24], // documentation
  [[224], 4], // multicast
  [[240], 4], // reserved, broadcast
];

function inCidr(bytes: Uint8Array, [prefix, bits]: Cidr): boolean {
  for (let i = 0; i < Math.ceil(bits / 8); i++) {
    const take = Math.min(8, bits - i * 8);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function parseIPv4(text: string): Uint8Array | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (const [i, part] of parts.entries()) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes[i] = value;
  }
  return bytes;
}

function parseIPv6(text: string): Uint8Array | null {
  let s = text.replace(/^\[|\]$/g, '');
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  // An embedded dotted quad (::ffff:1.2.3.4) becomes two hex groups.
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIPv4(tail);
    if (!v4) return null;
    s = `${s.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...rest];
  const bytes = new Uint8Array(16);
  for (const [i, group] of groups.entries()) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    const value = Number.parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  }
  return bytes;
}

/** The address bytes (4 or 16) of an IP literal, or null when the text is not one. */
export function parseIp(text: string): Uint8Array | null {
  const bare = text.replace(/^\[|\]$/g, '');
  const version = isIP(bare.split('%')[0] ?? '');
  if (version === 4) return parseIPv4(bare);
  if (version === 6) return parseIPv6(bare);
  return null;
}

function isPublicIPv4(bytes: Uint8Array): boolean {
  return !IPV4_BLOCKED.some((cidr) => inCidr(bytes, cidr));
}

function isPublicIPv6(bytes: Uint8Array): boolean {
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64) reach the embedded IPv4 address.
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return isPublicIPv4(bytes.subarray(12));
  if (inCidr(bytes, [[0x00, 0x64, 0xff, 0x9b], 32]) && zeros(4, 12)) return isPublicIPv4(bytes.subarray(12));
  // 6to4 (2002::/16) carries its IPv4 address in bytes 2–5.
  if (inCidr(bytes, [[0x20, 0x02], 16])) return isPublicIPv4(bytes.subarray(2, 6));
  // Only global unicast (2000::/3) is public; this excludes ::, ::1, IPv4-compatible, unique-local,
  // link-local, site-local, multicast, discard-only and local-use NAT64 (64:ff9b:1::/48).
  if (!inCidr(bytes, [[0x20], 3])) return false;
  if (inCidr(bytes, [[0x20, 0x01, 0x00], 23])) return false; // IETF protocol assignments, Teredo
  if (inCidr(bytes, [[0x20, 0x01, 0x0d, 0xb8], 32])) return false; // documentation
  if (inCidr(bytes, [[0x3f, 0xff, 0x00], 20])) return false; // documentation
  return true;
}

/** True only for a globally routable unicast address; false for anything else, including non-addresses. */
export function isPublicAddress(ip: string): boolean {
  const bytes = parseIp(ip);
  if (!bytes) return false;
  return bytes.length === 4 ? isPublicIPv4(bytes) : isPublicIPv6(bytes);
}
