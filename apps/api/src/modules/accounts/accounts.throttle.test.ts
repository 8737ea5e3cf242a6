import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { bearer, login, readMails, registerUser, uniqueEmail, useApp } from '../../../test/helper.ts';
import { createThrottle } from './accounts.throttle.ts';

const t = useApp();

/** The device cookie a login or reset answer sets, as a browser would send it back. */
function deviceCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookie = (Array.isArray(header) ? header : [header]).find((value) =>
    value?.startsWith('hls_device_'),
  );
  expect(cookie, 'a device cookie is set').toBeDefined();
  expect(cookie).toMatch(/; Path=\/api\/login; Max-Age=\d+; HttpOnly; SameSite=Strict/);
  return cookie!.split(';')[0]!;
}

const tryLogin = (email: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    ...(cookie ? { headers: { cookie } } : {}),
  });

function expectThrottled(response: LightMyRequestResponse, windowSeconds = 15 * 60) {
  expect(response.statusCode).toBe(429);
  const { error } = response.json();
  expect(error.code).toBe('rate_limited');
  expect(error.retryAfter).toBeGreaterThan(0);
  expect(error.retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.headers['retry-after']).toBe(String(error.retryAfter));
}

describe('a window of attempts per key', () => {
  it('refuses past the limit until the window that began at the first attempt ends, then starts again', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const throttle = createThrottle('test', { max: 2, windowMs: 3000 });
      const refusal = (retryAfter: number) => ({ code: 'rate_limited', status: 429, retryAfter });
      await throttle.hit('a');
      vi.advanceTimersByTime(400);
      await throttle.hit('a');
      await expect(throttle.ensureAllowed('a')).rejects.toMatchObject(refusal(3));
      await throttle.ensureAllowed('b');
      vi.advanceTimersByTime(1700);
      await expect(throttle.ensureAllowed('a')).rejects.toMatchObject(refusal(1));
      vi.advanceTimersByTime(900);
      await throttle.ensureAllowed('a');
      await throttle.hit('a');
      await throttle.hit('a');
      await throttle.clear('a');
      await throttle.ensureAllowed('a');

      // Counted and refused in one step: the third mail within the window is not sent.
      await throttle.take('mail');
      await throttle.take('mail');
      await expect(throttle.take('mail')).rejects.toMatchObject(refusal(3));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('login throttled per account', () => {
  it(
    'locks an account for unknown clients after 5 wrong passwords, even with the right one, and says when to retry',
    { tags: ['postgres'] },
    async () => {
      const { email, password } = await registerUser(t.app);
      for (let i = 0; i < 5; i += 1) expect((await tryLogin(email, 'Wrong-guess1')).statusCode).toBe(401);
      expectThrottled(await tryLogin(email, 'Wrong-guess1'));
      expectThrottled(await tryLogin(email, password));
    },
  );

  it('answers an address no account uses the same way, so the lock tells nothing', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 5; i += 1) expect((await tryLogin(email, 'Wrong-guess1')).statusCode).toBe(401);
    expectThrottled(await tryLogin(email, 'Wrong-guess1'));
  });

  it('lets a browser that logged in before keep its own allowance while the account is locked', async () => {
    const { email, password } = await registerUser(t.app);
    const cookie = deviceCookie(await tryLogin(email, password));
    for (let i = 0; i < 5; i += 1) await tryLogin(email, 'Attacker-guess1');
    expectThrottled(await tryLogin(email, password));

    const known = await tryLogin(email, password, cookie);
    expect(known.statusCode).toBe(200);
    expect(known.json().access).toBeTypeOf('string');
    // Its allowance is its own: five mistakes of its own lock it too.
    for (let i = 0; i < 5; i += 1)
      expect((await tryLogin(email, 'Typo-guess1', cookie)).statusCode).toBe(401);
    expectThrottled(await tryLogin(email, password, cookie));
  });

  it('ignores a device cookie signed for another account or tampered with', async () => {
    const owner = await registerUser(t.app);
    const victim = await registerUser(t.app);
    const ownCookie = deviceCookie(await tryLogin(owner.email, owner.password));
    for (let i = 0; i < 5; i += 1) await tryLogin(victim.email, 'Attacker-guess1');
    const [name, value] = ownCookie.split('=');
    const forged = `${name}=${value!.slice(0, -2)}xx`;
    expectThrottled(await tryLogin(victim.email, victim.password, ownCookie));
    expectThrottled(await tryLogin(victim.email, victim.password, forged));
  });

  it('never throttles successful logins, however many', async () => {
    const { email, password } = await registerUser(t.app);
    for (let i = 0; i < 12; i += 1) expect((await tryLogin(email, password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await tryLogin(email, 'Typo-guess1');
    expect((await tryLogin(email, password)).statusCode, 'a success starts the count again').toBe(200);
    for (let i = 0; i < 4; i += 1) await tryLogin(email, 'Typo-guess1');
    expect((await tryLogin(email, password)).statusCode).toBe(200);
  });

  it('trusts the browser that followed a reset link, so the owner gets in while the account is locked', async () => {
    const { email } = await registerUser(t.app);
    for (let i = 0; i < 5; i += 1) await tryLogin(email, 'Attacker-guess1');
    const request = await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { email } });
    expect(request.statusCode).toBe(200);
    await t.app.mail.sender.runOnce();
    const mail = readMails(t.mailDir).find(
      (m) => m.to === email && m.body.includes('/password/reset/confirm/'),
    );
    const token = /\/password\/reset\/confirm\/([\w-]{43})/.exec(mail!.body)![1]!;
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/password/confirm',
      payload: { token, password: 'Recovered789' },
    });
    expect(confirm.statusCode).toBe(200);
    const cookie = deviceCookie(confirm);
    // The attacker locks the account again for unknown clients; the browser of the reset is not one.
    for (let i = 0; i < 5; i += 1) await tryLogin(email, 'Attacker-guess2');
    expectThrottled(await tryLogin(email, 'Recovered789'));
    expect((await tryLogin(email, 'Recovered789', cookie)).statusCode).toBe(200);
  });
});

describe('password change throttled per session', () => {
  const editPassword = (access: string, oldPassword: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/editPassword',
      headers: bearer(access),
      payload: { oldPassword, newPassword: 'Changed789' },
    });

  it('answers the 6th wrong current password with 429, and leaves the account’s other sessions their own tries', async () => {
    const { email, password } = await registerUser(t.app);
    const stolen = await login(t.app, email, password);
    const owner = await login(t.app, email, password);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await editPassword(stolen.access, 'Guess-number1');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('wrong_password');
    }
    expectThrottled(await editPassword(stolen.access, 'Guess-number1'));
    expectThrottled(await editPassword(stolen.access, password));
    expect((await editPassword(owner.access, password)).statusCode).toBe(200);
  });
});

describe('reset requests and e-mail checks throttled per address', () => {
  it('sends at most 3 reset mails an hour to one address, known or not, and says when to retry', async () => {
    const known = (await registerUser(t.app)).email;
    const unknown = uniqueEmail('ghost');
    for (const email of [known, unknown]) {
      for (let i = 0; i < 3; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/password/reset',
          payload: { email },
        });
        expect(response.statusCode).toBe(200);
      }
      const response = await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { email } });
      expectThrottled(response, 3600);
      expect(response.json().error.retryAfter).toBeGreaterThan(3500);
    }
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { email: uniqueEmail('other') },
    });
    expect(other.statusCode, 'another address is not held back').toBe(200);
  });

  it('answers at most 10 e-mail checks of one address a quarter of an hour', async () => {
    const email = uniqueEmail('probe');
    for (let i = 0; i < 10; i += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/email/check', payload: { email } });
      expect(response.statusCode).toBe(404);
    }
    expectThrottled(await t.app.inject({ method: 'POST', url: '/api/email/check', payload: { email } }));
  });
});
