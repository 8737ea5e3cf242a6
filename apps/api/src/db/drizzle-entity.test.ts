import { Column, entityKind, is, SQL, sql } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { orders } from './schema.ts';

// Drizzle's `is()` is patched to find a class's entity kinds once (docs/decisions/0032-dependency-patches.md):
// its answers must stay Drizzle's.
describe("Drizzle's is(), as patched", () => {
  it('knows a value by its class, its ancestors, or a class of the same kind from another copy of Drizzle', () => {
    expect(is(orders.id, PgColumn)).toBe(true);
    expect(is(orders.id, Column)).toBe(true);
    expect(is(orders.id, SQL)).toBe(false);
    expect(is(sql`now()`, SQL)).toBe(true);

    // Another copy of the library: not `instanceof`, but the same kind along its chain.
    class OtherColumn {
      static readonly [entityKind]: string = 'Column';
    }
    class OtherPgText extends OtherColumn {
      static override readonly [entityKind] = 'OtherPgText';
    }
    expect(is(new OtherPgText(), Column)).toBe(true);
    expect(is(new OtherPgText(), SQL)).toBe(false);
    expect(is({}, Column)).toBe(false);
    expect(is(null, Column)).toBe(false);
  });

  it('still refuses a class that is not an entity', () => {
    class NotAnEntity {}
    expect(() => is(orders.id, NotAnEntity as never)).toThrow(/doesn't look like a Drizzle entity/);
  });
});
