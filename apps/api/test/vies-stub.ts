import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { viesPrefixes } from '../src/modules/tax/tax.vat-number.ts';

/**
 * A local VIES for the tests: a real HTTP server that answers `POST /check-vat-number` as the EU's REST service
 * does. The numbers in `valid` exist (with their name and address), every other well-formed number does not.
 * `failure` makes every answer a VIES error (sent as VIES does, HTTP 200 with `errorWrappers`, unless another
 * status or the `userError` field is asked for); `hang` takes requests and never answers; `down` drops every
 * connection.
 */

export type ViesStubTrader = { name?: string; address?: string };

export type ViesStubRequest = {
  countryCode: string;
  vatNumber: string;
  requesterMemberStateCode?: string;
  requesterNumber?: string;
};

export type ViesStubFailure = {
  /** MS_UNAVAILABLE, TIMEOUT, SERVICE_UNAVAILABLE, MS_MAX_CONCURRENT_REQ, INVALID_INPUT… */
  code: string;
  /** HTTP status of the answer (VIES sends some of its errors with 200). */
  status?: number;
  /** `errorWrappers` (the REST check's form) or `userError` (the form of VIES's per-state GET). */
  as?: 'errorWrappers' | 'userError';
};

export type ViesStub = {
  /** The check's address, for `createVies({ url })` or VIES_URL. */
  url: string;
  /** Valid numbers, keyed by prefix and number ('FR40303265045'). */
  valid: Map<string, ViesStubTrader>;
  requests: ViesStubRequest[];
  failure: ViesStubFailure | null;
  /** Take the request, answer nothing. */
  hang: boolean;
  /** Drop every connection at once: VIES unreachable. */
  down: boolean;
  close(): Promise<void>;
};

/** VAT prefixes VIES answers for. */
const prefixes = new Set(viesPrefixes);

export async function startViesStub(
  valid: Record<string, ViesStubTrader> = {},
  options: { path?: string } = {},
): Promise<ViesStub> {
  const path = options.path ?? '/taxation_customs/vies/rest-api/check-vat-number';
  const requests: ViesStubRequest[] = [];

  const errorBody = (failure: ViesStubFailure, request?: ViesStubRequest) =>
    failure.as === 'userError'
      ? {
          countryCode: request?.countryCode ?? '',
          vatNumber: request?.vatNumber ?? '',
          requestDate: new Date().toISOString(),
          valid: false,
          userError: failure.code,
          name: '---',
          address: '---',
        }
      : { actionSucceed: false, errorWrappers: [{ error: failure.code, message: null }] };

  const answer = (text: string): { status: number; body: unknown } => {
    let request: ViesStubRequest;
    try {
      request = JSON.parse(text) as ViesStubRequest;
    } catch {
      return { status: 400, body: errorBody({ code: 'INVALID_INPUT' }) };
    }
    requests.push(request);
    if (stub.failure) return { status: stub.failure.status ?? 200, body: errorBody(stub.failure, request) };
    const { countryCode, vatNumber } = request;
    if (
      typeof countryCode !== 'string' ||
      typeof vatNumber !== 'string' ||
      !prefixes.has(countryCode) ||
      !/^[0-9A-Za-z+*]{2,12}$/.test(vatNumber)
    ) {
      return { status: 400, body: errorBody({ code: 'INVALID_INPUT' }) };
    }
    const trader = stub.valid.get(countryCode + vatNumber);
    const identified = Boolean(request.requesterMemberStateCode && request.requesterNumber);
    return {
      status: 200,
      body: {
        countryCode,
        vatNumber,
        requestDate: new Date().toISOString(),
        valid: Boolean(trader),
        // VIES gives a consultation number only to a requester that gave its own VAT number.
        requestIdentifier: identified && trader ? `WAPI${randomBytes(6).toString('hex').toUpperCase()}` : '',
        name: trader?.name ?? '---',
        address: trader?.address ?? '---',
        traderName: '---',
        traderStreet: '---',
        traderPostalCode: '---',
        traderCity: '---',
        traderCompanyType: '---',
        traderNameMatch: 'NOT_PROCESSED',
        traderStreetMatch: 'NOT_PROCESSED',
        traderPostalCodeMatch: 'NOT_PROCESSED',
        traderCityMatch: 'NOT_PROCESSED',
        traderCompanyTypeMatch: 'NOT_PROCESSED',
      },
    };
  };

  const server = http.createServer((request, response) => {
    if (stub.down) {
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (stub.hang) return;
      const url = new URL(request.url ?? '/', 'http://stub');
      const result =
        request.method === 'POST' && url.pathname === path
          ? answer(Buffer.concat(chunks).toString('utf8'))
          : { status: 404, body: { actionSucceed: false, errorWrappers: [{ error: 'NOT_FOUND' }] } };
      response.writeHead(result.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const stub: ViesStub = {
    url: `http://127.0.0.1:${port}${path}`,
    valid: new Map(Object.entries(valid)),
    requests,
    failure: null,
    hang: false,
    down: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return stub;
}
