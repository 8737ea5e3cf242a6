import type { ParsedEnv } from './env.ts';

/** The evidence of a buyer's tax status and country (modules/tax): the EU's VIES check, the IP's country. */
export type TaxSettings = {
  /** The EU's VIES check of business buyers' VAT numbers; off, a number is checked for its format only. */
  vies: {
    enabled: boolean;
    /** The REST check's address (tests: a local stub). */
    url: string;
    /** Milliseconds VIES's answer is awaited; past them it counts as unavailable. */
    timeoutMs: number;
  };
  /** Look up the country of the buyer's IP address in the offline database (geoip-country). */
  geoip: boolean;
};

/** The tax evidence's settings, from the environment. */
export function readTax(e: ParsedEnv): TaxSettings {
  return {
    vies: { enabled: e.VIES_ENABLED, url: e.VIES_URL, timeoutMs: e.VIES_TIMEOUT_MS },
    geoip: e.GEOIP_ENABLED,
  };
}
