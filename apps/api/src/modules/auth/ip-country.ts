import { createRequire } from 'node:module';

type Lookup = (ip: string) => { country?: string } | null;
let lookup: Lookup | undefined;

/**
 * The country of an IP address from an offline database (the `geoip-country` package: MaxMind
 * GeoLite2 country data, shipped inside the package, no outside service). Loaded on first use
 * (about 7 MB in memory), so processes that never answer ip-stack do not pay for it. Private,
 * loopback and unknown addresses answer null.
 */
export function countryOfIp(ip: string | undefined): string | null {
  if (!ip) return null;
  lookup ??= (createRequire(import.meta.url)('geoip-country') as { lookup: Lookup }).lookup;
  try {
    const country = lookup(ip)?.country;
    return typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null;
  } catch {
    return null;
  }
}
