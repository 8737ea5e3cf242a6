// @ts-check
// The architecture's one-way dependencies, as lint rules (import-x/no-restricted-paths on resolved files).
// API (DESIGN §11): a module is reached only through its plugin's decorator or its index.ts; plugins/, lib/ and db/
// are below the modules; the demo (src/demo) sits outside them, reaches them as the seed command does, and no
// production code imports it (decision 0024). Modules are layered in the order app.ts registers them: a module
// imports only the modules registered before it, so no cycle can form between them (decision 0025). Web (bulletproof-react): lib/, components/,
// config/, i18n/ → features/ → app/, and no feature imports another.
// scripts/lint-boundaries.test.ts proves that each zone reports a forbidden import.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const api = 'apps/api/src';
const web = 'apps/web/src';

/** @param {string} dir */
const folders = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const modules = folders(`${api}/modules`);
const features = folders(`${web}/features`);

/**
 * The modules in the order `app.ts` registers them (`use(<plugin>)` in its `modules` list): each may depend only on
 * those before it, which Fastify checks at start for the plugins and these zones check for the imports.
 */
export function registrationOrder(source = readFileSync(path.join(root, api, 'app.ts'), 'utf8')) {
  const pluginOf = new Map(
    [...source.matchAll(/^import (\w+) from '\.\/modules\/([\w-]+)\/[\w.-]+\.plugin\.ts';$/gm)].map((m) => [
      m[1],
      m[2],
    ]),
  );
  const list = source.slice(source.indexOf('const modules = ['));
  return [...list.matchAll(/use\((\w+)/g)].flatMap((m) => pluginOf.get(m[1] ?? '') ?? []);
}

const layers = registrationOrder();

/** @typedef {{ target: string | string[]; from: string | string[]; except?: string[]; message: string }} Zone */

/** @type {Zone[]} */
export const apiZones = [
  ...modules.flatMap((module) => {
    const others = modules.filter((other) => other !== module);
    return others.flatMap((other) => [
      {
        // Code of the module (its tables file aside) may use another module's index.ts only.
        target: `./${api}/modules/${module}/**/!(*.tables).ts`,
        from: `./${api}/modules/${other}`,
        except: ['./index.ts'],
        message: `The ${module} module reaches ${other} only through its plugin (app.${other}) or modules/${other}/index.ts.`,
      },
      {
        // A tables file may reference another module's tables for a foreign key, nothing else of it.
        target: `./${api}/modules/${module}/*.tables.ts`,
        from: `./${api}/modules/${other}`,
        except: ['./index.ts', `./${other}.tables.ts`],
        message: `A tables file references ${other} only through ${other}.tables.ts (foreign keys) or its index.ts.`,
      },
    ]);
  }),
  ...layers.flatMap((module, i) =>
    layers.slice(i + 1).map((later) => ({
      // Production code of a module (its tables and tests aside) never imports a module registered after it.
      target: `./${api}/modules/${module}/**/!(*.tables|*.test).ts`,
      from: `./${api}/modules/${later}`,
      message: `The ${module} module is registered before ${later} in app.ts, so it never imports it: a module uses only those registered before it (no cycles).`,
    })),
  ),
  {
    target: [`./${api}/plugins`, `./${api}/lib`],
    from: `./${api}/modules`,
    message: 'plugins/ and lib/ sit below the modules: they never import one.',
  },
  {
    // db/schema.ts gathers every module's tables for the migrations; the rest of db/ knows no module.
    target: `./${api}/db/!(schema).ts`,
    from: `./${api}/modules`,
    message: 'db/ sits below the modules: only db/schema.ts gathers their tables.',
  },
  ...modules.map((module) => ({
    // The demo seeds through the modules' interfaces (app.<m>, index.ts) and reads tables through db/schema.ts.
    target: `./${api}/demo`,
    from: `./${api}/modules/${module}`,
    except: ['./index.ts'],
    message: `The demo reaches ${module} only through its plugin (app.${module}) or modules/${module}/index.ts.`,
  })),
  {
    // Only the seed loads the demo: cli/seed.ts, and server.ts's start outside production (SEED_DEMO).
    target: [
      `./${api}/modules/**`,
      `./${api}/plugins/**`,
      `./${api}/lib/**`,
      `./${api}/db/**`,
      `./${api}/config/**`,
      `./${api}/!(server).ts`,
    ],
    from: `./${api}/demo`,
    message: 'Production code never imports the demo: only the seed (cli/seed.ts, server.ts) loads it.',
  },
];

/** @type {Zone[]} */
export const webZones = [
  ...features.map((feature) => ({
    target: `./${web}/features/${feature}`,
    from: features.filter((other) => other !== feature).map((other) => `./${web}/features/${other}`),
    message:
      'A feature never imports another feature: compose them in app/, or move what they share below them.',
  })),
  {
    target: `./${web}/features`,
    from: `./${web}/app`,
    except: ['./hooks.ts'],
    message: 'Features sit below app/: only the typed hooks of app/hooks.ts may be imported.',
  },
  {
    target: ['lib', 'components', 'config', 'i18n'].map((layer) => `./${web}/${layer}`),
    from: [`./${web}/features`, `./${web}/app`],
    message:
      'lib/, components/, config/ and i18n/ are shared by every feature: they never import features/ or app/.',
  },
];
