// Each zone of eslint.boundaries.js reports a forbidden import, and leaves the allowed ones alone: linted as if
// the code below were a file at that path.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { registrationOrder } from '../eslint.boundaries.js';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('API boundaries', () => {
  it("refuse a module's import of another module's plugin or tables", async () => {
    const file = 'apps/api/src/modules/contact/forbidden.ts';
    expect(await boundaryErrors(file, "import '../accounts/accounts.plugin.ts';")).toEqual([
      expect.stringContaining('reaches accounts only through its plugin'),
    ]);
    expect(await boundaryErrors(file, "import '../accounts/accounts.tables.ts';")).toHaveLength(1);
  });

  it('refuse a module an import of a module registered after it in app.ts, so no cycle can form', async () => {
    const order = registrationOrder();
    expect(order.indexOf('orders')).toBeLessThan(order.indexOf('checkout'));
    expect(order.indexOf('checkout')).toBeLessThan(order.indexOf('payments'));
    // Every module folder has its place.
    expect([...order].sort()).toEqual(
      readdirSync(path.join(root, 'apps/api/src/modules'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort(),
    );
    const orders = 'apps/api/src/modules/orders/forbidden.ts';
    expect(await boundaryErrors(orders, "import '../checkout/index.ts';")).toEqual([
      expect.stringContaining('registered before checkout in app.ts'),
    ]);
    expect(await boundaryErrors(orders, "import type { Ledger } from '../royalties/index.ts';")).toEqual([]);
    expect(
      await boundaryErrors('apps/api/src/modules/checkout/forbidden.ts', "import '../payments/index.ts';"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('apps/api/src/modules/payments/forbidden.ts', "import '../checkout/index.ts';"),
    ).toEqual([]);
    // A test may drive the modules above its own to set up what it checks.
    expect(
      await boundaryErrors('apps/api/src/modules/orders/forbidden.test.ts', "import '../checkout/index.ts';"),
    ).toEqual([]);
    expect(
      registrationOrder(
        "import a from './modules/a/a.plugin.ts';\nimport b from './modules/b/b.plugin.ts';\nconst modules = [use(b), use(a, {})];",
      ),
    ).toEqual(['b', 'a']);
  });

  it("let a tables file reference another module's tables for a foreign key", async () => {
    const file = 'apps/api/src/modules/catalog/other.tables.ts';
    expect(await boundaryErrors(file, "import '../accounts/accounts.tables.ts';")).toEqual([]);
    expect(await boundaryErrors(file, "import '../accounts/accounts.plugin.ts';")).toHaveLength(1);
  });

  it('refuse plugins/, lib/ and db/ an import of a module; db/schema.ts gathers the tables', async () => {
    const catalogTables = '../modules/catalog/catalog.tables.ts';
    for (const file of ['apps/api/src/plugins/forbidden.ts', 'apps/api/src/lib/forbidden.ts'])
      expect(await boundaryErrors(file, `import '${catalogTables}';`)).toEqual([
        expect.stringContaining('never import one'),
      ]);
    expect(await boundaryErrors('apps/api/src/db/forbidden.ts', `import '${catalogTables}';`)).toHaveLength(
      1,
    );
    expect(await boundaryErrors('apps/api/src/db/schema.ts', `import '${catalogTables}';`)).toEqual([]);
  });

  it('refuse production code an import of the demo, which only the seed loads', async () => {
    const forbidden: [file: string, demo: string][] = [
      ['apps/api/src/modules/documents/forbidden.ts', '../../demo/index.ts'],
      ['apps/api/src/modules/catalog/forbidden.ts', '../../demo/content/topics.ts'],
      ['apps/api/src/plugins/forbidden.ts', '../demo/demo.seed.ts'],
      ['apps/api/src/lib/forbidden.ts', '../demo/content/sample-files.ts'],
      ['apps/api/src/db/schema.ts', '../demo/demo.tables.ts'],
      ['apps/api/src/app.ts', './demo/index.ts'],
      ['apps/api/src/config.ts', './demo/demo.dataset.ts'],
      ['apps/api/src/config/forbidden.ts', '../demo/index.ts'],
    ];
    for (const [file, demo] of forbidden)
      expect(await boundaryErrors(file, `import '${demo}';`), file).toEqual([
        expect.stringContaining('Production code never imports the demo'),
      ]);
    // A dynamic import is seen too: only server.ts (its start outside production) and the seed command load it.
    expect(await boundaryErrors('apps/api/src/app.ts', "await import('./demo/index.ts');")).toHaveLength(1);
    expect(await boundaryErrors('apps/api/src/server.ts', "await import('./demo/index.ts');")).toEqual([]);
    expect(await boundaryErrors('apps/api/src/cli/seed.ts', "import '../demo/index.ts';")).toEqual([]);
  });

  it("refuse the demo an import of a module's service or tables; its index.ts and db/schema.ts are allowed", async () => {
    const file = 'apps/api/src/demo/forbidden.ts';
    expect(await boundaryErrors(file, "import '../modules/orders/orders.plugin.ts';")).toEqual([
      expect.stringContaining('The demo reaches orders only through its plugin'),
    ]);
    expect(await boundaryErrors(file, "import '../modules/royalties/royalties.tables.ts';")).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/api/src/demo/content/forbidden.ts',
        "import '../../modules/catalog/catalog.service.ts';",
      ),
    ).toHaveLength(1);
    expect(await boundaryErrors(file, "import '../modules/royalties/index.ts';")).toEqual([]);
    expect(await boundaryErrors(file, "import '../db/schema.ts';")).toEqual([]);
  });
});

describe('web boundaries', () => {
  it('refuse a feature an import of another feature', async () => {
    const file = 'apps/web/src/features/cart/forbidden.ts';
    expect(await boundaryErrors(file, "import '@/features/catalog/api/catalog-api';")).toEqual([
      expect.stringContaining('never imports another feature'),
    ]);
    expect(await boundaryErrors(file, "import '../catalog/api/catalog-api';")).toHaveLength(1);
    expect(await boundaryErrors(file, "import './cart-slice';")).toEqual([]);
  });

  it('refuse a feature an import of app/, but its typed hooks', async () => {
    const file = 'apps/web/src/features/cart/forbidden.ts';
    expect(await boundaryErrors(file, "import '@/app/store';")).toEqual([
      expect.stringContaining('Features sit below app/'),
    ]);
    expect(await boundaryErrors(file, "import '@/app/hooks';")).toEqual([]);
  });

  it('refuse the shared layers an import of a feature or of app/', async () => {
    for (const layer of ['lib', 'components', 'config', 'i18n']) {
      const file = `apps/web/src/${layer}/forbidden.ts`;
      expect(await boundaryErrors(file, "import '@/features/cart/cart-slice';")).toHaveLength(1);
      expect(await boundaryErrors(file, "import '@/app/hooks';")).toHaveLength(1);
    }
  });
});
