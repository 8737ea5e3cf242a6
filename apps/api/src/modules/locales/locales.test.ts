import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../test/helper.ts';

describe('GET /locales/:lng/:ns.json', () => {
  const t = useApp();
  const file = (lng: string) =>
    JSON.parse(readFileSync(path.join(t.config.localesDir, lng, 'validation.json'), 'utf8'));

  it('serves a namespace in French and English with a short cache', async () => {
    for (const lng of ['fr', 'en']) {
      const response = await t.app.inject({ method: 'GET', url: `/locales/${lng}/validation.json` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.json()).toEqual(file(lng));
    }
  });

  it('treats fn, the spec code for French, as fr', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/locales/fn/validation.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(file('fr'));
  });

  it.each([
    '/locales/de/validation.json',
    '/locales/en/missing.json',
    '/locales/en/..%2Fen%2Fvalidation.json',
    '/locales/en/validation',
  ])('answers a JSON 404 for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('accepts and ignores the add-missing call', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/locales/add/en/common',
      payload: { key: 'value' },
    });
    expect(response.statusCode).toBe(204);
  });
});
