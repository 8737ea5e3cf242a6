import { describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/helper.ts';

const production = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  PAYMENTS_DEMO: 'true',
  BANK_DATA_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
};

async function docsStatus(env: Record<string, string>): Promise<number[]> {
  let built: TestApp | undefined;
  try {
    built = await build({ env });
    const app = built.app;
    return await Promise.all(
      ['/api/docs', '/api/docs/json'].map(async (url) => (await app.inject({ url })).statusCode),
    );
  } finally {
    await built?.close();
  }
}

describe('API docs', () => {
  it('are served outside production', async () => {
    expect(await docsStatus({})).toEqual([200, 200]);
  });

  it('are not served in production unless API_DOCS is on', async () => {
    expect(await docsStatus(production)).toEqual([404, 404]);
    expect(await docsStatus({ ...production, API_DOCS: 'true' })).toEqual([200, 200]);
  });
});
