import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deepFreeze, serializerCompiler } from './serializer.ts';

const Body = z.object({ items: z.array(z.object({ n: z.number().int() })) });

async function appReturning(values: () => unknown) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.withTypeProvider<ZodTypeProvider>().get('/value', {
    schema: { response: { 200: Body } },
    handler: async () => values() as z.infer<typeof Body>,
  });
  await app.ready();
  return app;
}

describe('response serializer', () => {
  it('serializes a frozen value once and sends the same body again', async () => {
    let reads = 0;
    const shared = deepFreeze({
      get items() {
        reads += 1;
        return [{ n: 1 }, { n: 2 }];
      },
    });
    const app = await appReturning(() => shared);
    reads = 0; // deepFreeze read it once
    const first = await app.inject({ url: '/value' });
    const second = await app.inject({ url: '/value' });
    expect(first.json()).toEqual({ items: [{ n: 1 }, { n: 2 }] });
    expect(second.body).toBe(first.body);
    expect(reads).toBe(1);
  });

  it('serializes values that are not frozen on every request', async () => {
    let n = 0;
    const app = await appReturning(() => ({ items: [{ n: (n += 1) }] }));
    expect((await app.inject({ url: '/value' })).json()).toEqual({ items: [{ n: 1 }] });
    expect((await app.inject({ url: '/value' })).json()).toEqual({ items: [{ n: 2 }] });
  });

  it('still checks a frozen value against the schema', async () => {
    const app = await appReturning(() => deepFreeze({ items: [{ n: 1.5 }] }));
    expect((await app.inject({ url: '/value' })).statusCode).toBe(500);
  });

  it('freezes nested objects and arrays', () => {
    const value = deepFreeze({ list: [{ a: 1 }], inner: { b: [2] } });
    expect(Object.isFrozen(value.list[0])).toBe(true);
    expect(Object.isFrozen(value.inner.b)).toBe(true);
    expect(() => {
      (value.list as { a: number }[]).push({ a: 2 });
    }).toThrow(TypeError);
  });
});
