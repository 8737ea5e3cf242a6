import { describe, expect, it } from 'vitest';
import { frenchTypographyFaults } from '@hls/contract/french-typography';
import { readResources } from './index.ts';

/** Every string of a translation tree with its key path. */
function strings(tree: unknown, path: string): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (Array.isArray(tree)) return tree.flatMap((value, index) => strings(value, `${path}.${index}`));
  if (tree && typeof tree === 'object')
    return Object.entries(tree).flatMap(([key, value]) => strings(value, `${path}.${key}`));
  return [];
}

describe('French translations', () => {
  it('use French typography: narrow no-break spaces before : ; ! ? and inside « », ’, "2 000", "−15 %"', () => {
    const namespaces = Object.entries(readResources().fr);
    expect(namespaces.length).toBeGreaterThan(10);
    const faults = namespaces.flatMap(([ns, tree]) =>
      strings(tree, ns).flatMap(([key, text]) =>
        frenchTypographyFaults(text).map((fault) => `${key}: ${fault.rule} — “${fault.at}”`),
      ),
    );
    expect(faults).toEqual([]);
  });
});
