import { describe, expect, it } from 'vitest';
import { ipCountry } from './tax.ip-country.ts';

describe('ipCountry', () => {
  it('places well-known public addresses, IPv4 and IPv6', () => {
    expect(ipCountry('193.51.0.1')).toBe('FR'); // RENATER, the French research network
    expect(ipCountry('2a01:cb00::1')).toBe('FR'); // Orange France
    expect(ipCountry('5.9.0.1')).toBe('DE'); // Hetzner
    expect(ipCountry('2003::1')).toBe('DE'); // Deutsche Telekom
    expect(ipCountry('8.8.8.8')).toBe('US'); // Google
    expect(ipCountry('2001:4860:4860::8888')).toBe('US');
    expect(ipCountry('41.226.0.1')).toBe('TN'); // Tunisie Telecom
  });

  it('reads an IPv4 address written as IPv6 by a dual-stack server', () => {
    expect(ipCountry('::ffff:193.51.0.1')).toBe('FR');
    expect(ipCountry(' 8.8.8.8 ')).toBe('US');
  });

  it('gives no country for no address, loopback, private and other addresses of no place', () => {
    for (const ip of [
      null,
      '',
      'localhost',
      'not an address',
      '999.1.1.1',
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.10',
      '100.64.0.1',
      '169.254.1.1',
      '192.0.2.1',
      'fd12:3456::1',
      'fe80::1',
      '::',
      '0.0.0.0',
      '224.0.0.1',
    ]) {
      expect(ipCountry(ip), String(ip)).toBeNull();
    }
  });
});
