import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';

/**
 * The country of a client's IP address, the second piece of evidence of where a buyer lives (beside the billing
 * country they give). The database is `geoip-country`'s offline copy of MaxMind's GeoLite2 Country, IPv4 and
 * IPv6, republished on npm as MaxMind updates it (the lockfile pins one; updating the package updates the data).
 * It is read into memory on the first lookup, once per process: about 18 MB of RSS and 50 ms.
 */

type GeoipCountry = { lookup(ip: string): { country?: string } | null };

let database: GeoipCountry | undefined;

function geoip(): GeoipCountry {
  database ??= createRequire(import.meta.url)('geoip-country') as GeoipCountry;
  return database;
}

/** Addresses that belong to no country: private, loopback, link-local, shared (CGNAT), documentation, multicast… */
const nowhere = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  nowhere.addSubnet(network, bits, 'ipv4');
}
for (const [network, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nowhere.addSubnet(network, bits, 'ipv6');
}

/** An IPv4 address written as IPv6 (`::ffff:1.2.3.4`, as a dual-stack server reports it) → `1.2.3.4`. */
function unmapped(ip: string): string {
  const match = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return match ? match[1]! : ip;
}

/**
 * The ISO 3166-1 alpha-2 country of an address, or null: no address, not an address, an address of no country
 * (private, loopback…), or one the database does not place.
 */
export function ipCountry(ip: string | null): string | null {
  if (!ip) return null;
  const address = unmapped(ip.trim());
  const version = isIP(address);
  if (version === 0) return null;
  if (nowhere.check(address, version === 4 ? 'ipv4' : 'ipv6')) return null;
  const country = geoip().lookup(address)?.country;
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
}
