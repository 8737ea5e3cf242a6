import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from './royalties.types.ts';

/** The real clock, or one a test may move forward (TEST_CLOCK; refused in production by the settings). */
export function createClock(): Clock & { advance(seconds: number): Date } {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(seconds: number) {
      offsetMs += seconds * 1000;
      return new Date(Date.now() + offsetMs);
    },
  };
}

/** POST /api/test/clock { advanceSeconds }: moves the ledger's clock forward (browser tests of the holds). */
export async function testClockRoute(app: FastifyInstance, clock: ReturnType<typeof createClock>) {
  app.post(
    '/test/clock',
    {
      schema: {
        hide: true,
        body: z.object({
          advanceSeconds: z
            .number()
            .int()
            .min(0)
            .max(10 * 365 * 86400),
        }),
      },
    },
    async (request) => ({
      now: clock.advance((request.body as { advanceSeconds: number }).advanceSeconds).toISOString(),
    }),
  );
}
