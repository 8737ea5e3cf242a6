import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startViesStub, type ViesStub } from '../../../test/vies-stub.ts';
import { createVies } from './tax.vies.ts';

let stub: ViesStub;

beforeAll(async () => {
  stub = await startViesStub({
    FR40303265045: { name: 'SA TOTALENERGIES SE', address: '2 PL JEAN MILLIER\n92400 COURBEVOIE' },
    DE136695976: {},
    EL094012834: { name: 'ΕΤΑΙΡΕΙΑ Α.Ε.', address: 'ΑΘΗΝΑ' },
  });
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.failure = null;
  stub.hang = false;
  stub.down = false;
  stub.requests.length = 0;
});

const vies = () => createVies({ url: stub.url, timeoutMs: 2000 });

describe('createVies', () => {
  it('gives a valid number’s name and address, and VIES’s date', async () => {
    const before = Date.now();
    const answer = await vies().check('FR', 'FR40303265045');
    expect(answer).toEqual({
      status: 'valid',
      name: 'SA TOTALENERGIES SE',
      address: '2 PL JEAN MILLIER\n92400 COURBEVOIE',
      requestIdentifier: null,
      checkedAt: expect.any(Date),
    });
    expect(answer.status === 'valid' && answer.checkedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The number is sent without its prefix, as VIES wants it.
    expect(stub.requests).toEqual([{ countryCode: 'FR', vatNumber: '40303265045' }]);
  });

  it('reads VIES’s "---" as no name, and asks Greece as EL', async () => {
    expect(await vies().check('DE', '136695976')).toMatchObject({
      status: 'valid',
      name: null,
      address: null,
    });
    expect(await vies().check('EL', 'EL094012834')).toMatchObject({ status: 'valid', name: 'ΕΤΑΙΡΕΙΑ Α.Ε.' });
    expect(stub.requests[1]).toEqual({ countryCode: 'EL', vatNumber: '094012834' });
  });

  it('keeps the consultation number VIES gives a requester that names its own number', async () => {
    const identified = createVies({
      url: stub.url,
      timeoutMs: 2000,
      requester: { countryPrefix: 'IE', number: 'IE6323439A' },
    });
    const answer = await identified.check('FR', '40303265045');
    expect(answer).toMatchObject({ status: 'valid', requestIdentifier: expect.stringMatching(/^WAPI/) });
    expect(stub.requests[0]).toEqual({
      countryCode: 'FR',
      vatNumber: '40303265045',
      requesterMemberStateCode: 'IE',
      requesterNumber: '6323439A',
    });
  });

  it('says invalid for a number VIES does not know, or refuses as malformed', async () => {
    expect(await vies().check('FR', '00300076965')).toEqual({ status: 'invalid' });
    expect(await vies().check('FR', '!!')).toEqual({ status: 'invalid' });
    stub.failure = { code: 'INVALID_INPUT', status: 400 };
    expect(await vies().check('FR', '40303265045')).toEqual({ status: 'invalid' });
  });

  it.each([
    [{ code: 'MS_UNAVAILABLE' }],
    [{ code: 'MS_UNAVAILABLE', as: 'userError' as const }],
    [{ code: 'TIMEOUT', status: 500 }],
    [{ code: 'SERVICE_UNAVAILABLE', status: 503 }],
    [{ code: 'MS_MAX_CONCURRENT_REQ' }],
    [{ code: 'GLOBAL_MAX_CONCURRENT_REQ', as: 'userError' as const }],
  ])('says unavailable, with VIES’s code, when VIES answers %j', async (failure) => {
    stub.failure = failure;
    expect(await vies().check('FR', '40303265045')).toEqual({ status: 'unavailable', reason: failure.code });
  });

  it('says unavailable when VIES does not answer in time, without waiting longer', async () => {
    stub.hang = true;
    const started = performance.now();
    const answer = await createVies({ url: stub.url, timeoutMs: 150 }).check('FR', '40303265045');
    expect(answer).toEqual({ status: 'unavailable', reason: 'timeout' });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(stub.requests).toHaveLength(0);
  });

  it('says unavailable when VIES cannot be reached', async () => {
    stub.down = true;
    expect(await vies().check('FR', '40303265045')).toEqual({ status: 'unavailable', reason: 'network' });
    const nowhere = http.createServer();
    await new Promise<void>((resolve) => nowhere.listen(0, '127.0.0.1', resolve));
    const { port } = nowhere.address() as AddressInfo;
    await new Promise((resolve) => nowhere.close(resolve));
    const closed = createVies({ url: `http://127.0.0.1:${port}/check-vat-number`, timeoutMs: 2000 });
    expect(await closed.check('FR', '40303265045')).toEqual({ status: 'unavailable', reason: 'network' });
  });

  it('says unavailable for an answer that is not VIES’s JSON', async () => {
    const proxy = http.createServer((request, response) => {
      request.resume();
      if (request.url === '/html') {
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end('<html>Bad gateway</html>');
      } else if (request.url === '/empty') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{}');
      } else {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('maintenance');
      }
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const ask = (path: string) =>
        createVies({ url: base + path, timeoutMs: 2000 }).check('FR', '40303265045');
      expect(await ask('/html')).toEqual({ status: 'unavailable', reason: 'http 502' });
      expect(await ask('/empty')).toEqual({ status: 'unavailable', reason: 'bad answer' });
      expect(await ask('/text')).toEqual({ status: 'unavailable', reason: 'bad answer' });
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
