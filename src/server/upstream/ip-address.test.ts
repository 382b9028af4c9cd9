import { describe, expect, it } from 'vitest';
import { isPublicAddress, parseIp } from './ip-address.js';

/** How the URL parser writes a host: the form the fetcher classifies. */
const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

describe('address classifier of the safe fetcher', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255', // just below carrier-grade NAT
    '100.128.0.0', // just above it
    '172.15.255.255',
    '172.32.0.0',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8', // IPv4-mapped public
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
  ])('accepts the public address %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback, anywhere in 127/8', '127.255.0.9'],
    ['unspecified', '0.0.0.0'],
    ['"this network"', '0.1.2.3'],
    ['private 10/8', '10.0.0.1'],
    ['private 172.16/12', '172.16.0.1'],
    ['private 172.16/12 top', '172.31.255.255'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local / cloud metadata', '169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['carrier-grade NAT top', '100.127.255.254'],
    ['IETF protocol assignments', '192.0.0.8'],
    ['documentation', '192.0.2.1'],
    ['documentation', '198.51.100.7'],
    ['documentation', '203.0.113.9'],
    ['benchmarking', '198.18.0.1'],
    ['benchmarking', '198.19.255.1'],
    ['6to4 relay anycast', '192.88.99.1'],
    ['multicast', '224.0.0.1'],
    ['multicast', '239.255.255.250'],
    ['reserved', '240.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hex form', '::ffff:7f00:1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['NAT64 of metadata', '64:ff9b::169.254.169.254'],
    ['local-use NAT64', '64:ff9b:1::808:808'],
    ['6to4 of private', '2002:a00:1::1'],
    ['6to4 of loopback', '2002:7f00:1::'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['IPv6 documentation', '2001:db8::1'],
    ['IPv6 documentation (3fff::/20)', '3fff:0:1::1'],
    ['unique local', 'fc00::1'],
    ['unique local', 'fd12:3456:789a::1'],
    ['link-local', 'fe80::1'],
    ['link-local with zone', 'fe80::1%eth0'],
    ['site-local (deprecated)', 'fec0::1'],
    ['multicast', 'ff02::1'],
    ['discard-only', '100::1'],
  ])('refuses %s: %s', (_why, ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    ['decimal', 'http://2130706433/'],
    ['hex', 'http://0x7f000001/'],
    ['dotted hex', 'http://0x7f.0x0.0x0.0x1/'],
    ['octal', 'http://0177.0.0.1/'],
    ['short form', 'http://127.1/'],
    ['shorter form', 'http://0/'],
    ['bracketed IPv6', 'http://[::1]/'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/'],
    ['NAT64', 'http://[64:ff9b::127.0.0.1]/'],
    ['private decimal', 'http://167772161/'],
    ['metadata decimal', 'http://2852039166/'],
  ])('refuses loopback and private hosts in every written form (%s: %s)', (_form, url) => {
    expect(isPublicAddress(hostOf(url))).toBe(false);
  });

  it('treats anything that is not an IP literal as not public', () => {
    expect(parseIp('localhost')).toBeNull();
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isPublicAddress('1.2.3')).toBe(false);
    expect(isPublicAddress('1.2.3.256')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });

  it('reads IPv6 forms into the same bytes', () => {
    expect(parseIp('::ffff:127.0.0.1')).toEqual(parseIp('0:0:0:0:0:ffff:7f00:0001'));
    expect(parseIp('[2001:db8::1]')).toEqual(parseIp('2001:0db8:0000:0000:0000:0000:0000:0001'));
  });
});
