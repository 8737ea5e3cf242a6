/**
 * The EU's VIES service, through its REST interface: does this VAT number exist, and under which name? A
 * business buyer's number is invoiced under the reverse charge only when VIES said it is valid; its answer (name,
 * address, consultation number, date) is the evidence kept with the order.
 *
 * VIES fails often and per member state (a state's registry offline at night, too many requests at once), so every
 * failure is an answer, `unavailable`, never an exception: the caller decides what a sale does without it.
 */

/** The REST address of the check (POST, JSON `{ countryCode, vatNumber }`). */
export const VIES_CHECK_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';

export type ViesAnswer =
  | {
      status: 'valid';
      /** The registered name and address, null where the state does not give them (VIES writes "---"). */
      name: string | null;
      address: string | null;
      /** VIES's consultation number, given only to a requester that identified itself with its own number. */
      requestIdentifier: string | null;
      /** When VIES checked, by its own clock (the request's time if it gave none). */
      checkedAt: Date;
    }
  | { status: 'invalid' }
  | {
      status: 'unavailable';
      /**
       * VIES's code when it gave one (`MS_UNAVAILABLE`, `TIMEOUT`, `SERVICE_UNAVAILABLE`, `MS_MAX_CONCURRENT_REQ`,
       * `GLOBAL_MAX_CONCURRENT_REQ`, `IP_BLOCKED`…), else `timeout` (no answer in time), `network` (no connection),
       * `http <status>` or `bad answer` (not the JSON VIES sends).
       */
      reason: string;
    };

export type Vies = {
  /** Asks VIES about a number: `prefix` is the VAT prefix (EL for Greece, XI), `number` with or without it. */
  check(countryPrefix: string, number: string): Promise<ViesAnswer>;
};

export type ViesOptions = {
  /** The check's address (VIES_CHECK_URL, or a stub's). */
  url: string;
  /** Milliseconds the whole exchange may take, the answer's body included. */
  timeoutMs: number;
  /** The seller's own EU VAT number, if it has one: VIES then gives a consultation number as proof of the check. */
  requester?: { countryPrefix: string; number: string } | undefined;
  fetch?: typeof globalThis.fetch;
};

/** Codes that say the number itself is wrong, not that VIES could not answer. */
const refusedNumber = new Set(['INVALID_INPUT', 'VAT_BLOCKED']);

type ViesBody = {
  valid?: unknown;
  isValid?: unknown;
  name?: unknown;
  address?: unknown;
  requestDate?: unknown;
  requestIdentifier?: unknown;
  userError?: unknown;
  actionSucceed?: unknown;
  errorWrappers?: unknown;
};

/** VIES's "---" and empty strings say nothing. */
function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' || /^-+$/.test(trimmed) ? null : trimmed;
}

/** The error code of an answer: `userError` (besides VALID and INVALID) or the first of `errorWrappers`. */
function errorCode(body: ViesBody): string | null {
  if (Array.isArray(body.errorWrappers)) {
    for (const wrapper of body.errorWrappers as unknown[]) {
      const code = text((wrapper as { error?: unknown } | null)?.error);
      if (code) return code;
    }
  }
  const userError = text(body.userError);
  return userError && userError !== 'VALID' && userError !== 'INVALID' ? userError : null;
}

function split(prefix: string, number: string): { countryCode: string; vatNumber: string } {
  const countryCode = prefix.trim().toUpperCase();
  const compact = number.toUpperCase().replace(/[\s.\-/]+/g, '');
  return {
    countryCode,
    vatNumber: compact.startsWith(countryCode) ? compact.slice(countryCode.length) : compact,
  };
}

function read(body: ViesBody, httpStatus: number, askedAt: Date): ViesAnswer {
  const code = errorCode(body);
  if (code) return refusedNumber.has(code) ? { status: 'invalid' } : { status: 'unavailable', reason: code };
  const valid = body.valid ?? body.isValid;
  if (httpStatus >= 200 && httpStatus < 300 && valid === true) {
    const date = typeof body.requestDate === 'string' ? new Date(body.requestDate) : null;
    return {
      status: 'valid',
      name: text(body.name),
      address: text(body.address),
      requestIdentifier: text(body.requestIdentifier),
      checkedAt: date && !Number.isNaN(date.getTime()) ? date : askedAt,
    };
  }
  if (httpStatus >= 200 && httpStatus < 300 && valid === false) return { status: 'invalid' };
  return { status: 'unavailable', reason: httpStatus >= 300 ? `http ${httpStatus}` : 'bad answer' };
}

export function createVies(options: ViesOptions): Vies {
  const fetch = options.fetch ?? globalThis.fetch;
  return {
    async check(countryPrefix, number) {
      const askedAt = new Date();
      const request = {
        ...split(countryPrefix, number),
        ...(options.requester
          ? (({ countryCode, vatNumber }) => ({
              requesterMemberStateCode: countryCode,
              requesterNumber: vatNumber,
            }))(split(options.requester.countryPrefix, options.requester.number))
          : {}),
      };
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(request),
          signal,
        });
        const raw = await response.text();
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          body = null;
        }
        if (body === null || typeof body !== 'object' || Array.isArray(body)) {
          return {
            status: 'unavailable',
            reason: response.ok ? 'bad answer' : `http ${response.status}`,
          };
        }
        return read(body as ViesBody, response.status, askedAt);
      } catch {
        return { status: 'unavailable', reason: signal.aborted ? 'timeout' : 'network' };
      }
    },
  };
}
