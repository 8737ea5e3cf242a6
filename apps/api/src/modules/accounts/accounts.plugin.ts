import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import accountsAdminRoutes from './accounts.admin.routes.ts';
import accountsEmailRoutes from './accounts.email.routes.ts';
import accountsRoutes from './accounts.routes.ts';
import { trackSessionEnds } from './accounts.sessions.ts';
import { createAccountThrottles, createDeviceCookies } from './accounts.throttle.ts';
import { createAccountsService, type AccountsService } from './accounts.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
}

declare module '../../plugins/events.ts' {
  interface AppEvents {
    /** A user's first, last or display name changed (products copy their author's name). */
    'accounts.renamed': { userId: string };
  }
}

/** Users, sessions, password resets and profiles: `app.accounts`, and their routes under /api. */
export default fp(
  async function accounts(app: FastifyInstance) {
    const { config } = app;
    app.decorate(
      'accounts',
      createAccountsService({
        db: app.db,
        transaction: trackSessionEnds(app.transaction),
        mail: app.mail,
        publicUrl: config.publicUrl,
        refreshTokenTtl: config.refreshTokenTtl,
        emailLinks: config.emailLinks,
        sessionMaxAge: config.sessionMaxAge,
        signAccessToken: app.signAccessToken,
      }),
    );
    const { sessionActive } = app.accounts;
    app.setSessionCheck((user) => sessionActive(user.sessionId, user.id));
    await app.register(accountsRoutes, {
      prefix: '/api',
      rateLimit: { max: config.rateLimit.authMax, timeWindow: config.rateLimit.authWindowMs },
      throttles: createAccountThrottles(config.accountThrottle),
      devices: createDeviceCookies(config.jwtSecret),
    });
    await app.register(accountsEmailRoutes, {
      prefix: '/api',
      rateLimit: { max: config.rateLimit.authMax, timeWindow: config.rateLimit.authWindowMs },
    });
    await app.register(accountsAdminRoutes, { prefix: '/api' });
  },
  { name: 'accounts', dependencies: ['config', 'database', 'auth', 'mail'] },
);
