import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import contactRoutes from './contact.routes.ts';
import { createContactService, type ContactService } from './contact.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    contact: ContactService;
  }
}

/** The contact form: `app.contact`, and POST /api/contact. */
export default fp(
  async function contact(app: FastifyInstance) {
    const { config } = app;
    app.decorate(
      'contact',
      createContactService({ transaction: app.transaction, mail: app.mail, teamAddress: config.contactTo }),
    );
    await app.register(contactRoutes, {
      prefix: '/api',
      rateLimit: { max: config.rateLimit.contactMax, timeWindow: config.rateLimit.contactWindowMs },
    });
  },
  { name: 'contact', dependencies: ['config', 'database', 'mail', 'auth', 'accounts'] },
);
