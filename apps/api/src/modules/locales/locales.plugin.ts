import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import localesRoutes from './locales.routes.ts';

/** The translation files (@hls/locales, or LOCALES_DIR), /locales/{lng}/{ns}.json. */
export default fp(
  async function locales(app: FastifyInstance) {
    await app.register(localesRoutes, { localesDir: app.config.localesDir });
  },
  { name: 'locales', dependencies: ['config'] },
);
