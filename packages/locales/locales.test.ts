import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localesDir, namespaces, readResources } from './index.ts';

const localeResources = readResources();

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Every leaf key path, plural forms folded into their base key (languages have different plural categories). */
function keyPaths(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix.replace(pluralSuffix, '')];
  return Object.entries(tree).flatMap(([key, value]) => keyPaths(value, prefix ? `${prefix}.${key}` : key));
}

describe('locale files', () => {
  it('are the listed namespaces, in French and English', () => {
    for (const lng of ['fr', 'en']) {
      const files = readdirSync(join(localesDir, lng)).map((file) => file.replace(/\.json$/, ''));
      expect(files.sort(), lng).toEqual([...namespaces].sort());
    }
    expect(Object.keys(localeResources.fr).sort()).toEqual(Object.keys(localeResources.en).sort());
  });

  it('have no key that exists in one language only', () => {
    for (const ns of namespaces) {
      const fr = new Set(keyPaths(localeResources.fr[ns]));
      const en = new Set(keyPaths(localeResources.en[ns]));
      const onlyFr = [...fr].filter((key) => !en.has(key)).map((key) => `${ns}:${key}`);
      const onlyEn = [...en].filter((key) => !fr.has(key)).map((key) => `${ns}:${key}`);
      expect({ onlyFr, onlyEn }).toEqual({ onlyFr: [], onlyEn: [] });
    }
  });

  it('has no empty translation', () => {
    for (const lng of ['fr', 'en'] as const) {
      for (const [ns, tree] of Object.entries(localeResources[lng])) {
        const walk = (node: unknown, path: string) => {
          if (typeof node === 'string') expect(node.trim(), `${lng}/${ns}:${path}`).not.toBe('');
          else if (node && typeof node === 'object')
            Object.entries(node).forEach(([k, v]) => walk(v, path ? `${path}.${k}` : k));
        };
        walk(tree, '');
      }
    }
  });

  it('keeps the exact English wording of the spec toasts', () => {
    const toast = localeResources.en.toast as Record<string, string>;
    expect(toast).toMatchObject({
      loginSuccess: 'success login',
      loginFailed: 'failed login',
      loginNoResponse: 'failed login 1',
      registerSuccess: 'success register',
      registerFailed: 'Error in register',
      resetMailSent: 'email send',
      resetMailUnknown: "email doesn't exist",
      resetConfirmed: 'password edited',
      resetFailed: 'error in edit',
      passwordEdited: 'Password Edited',
      passwordEditFailed: 'Error in Edit password',
      userUpdated: 'success edit',
      userUpdateFailed: 'Error in editing',
    });
  });
});
