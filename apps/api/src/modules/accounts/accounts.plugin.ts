import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import accountsAdminRoutes from './accounts.admin.routes.ts';
import accountsEmailRoutes from './accounts.email.routes.ts';
import accountsRoutes from './accounts.routes.ts';
import { forgetActiveSessions, trackSessionEnds } from './accounts.sessions.ts';
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
    /** Sessions ended (logout, suspension, password or role change): remembered "active" sessions are forgotten. */
    'accounts.sessions-ended': Record<string, never>;
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
        transaction: trackSessionEnds(app.transaction, () => app.events.emit('accounts.sessions-ended', {})),
        mail: app.mail,
        publicUrl: config.publicUrl,
        refreshTokenTtl: config.refreshTokenTtl,
        emailLinks: config.emailLinks,
        sessionMaxAge: config.sessionMaxAge,
        signAccessToken: app.signAccessToken,
      }),
    );
    // Sessions ended through another instance (heard by the broadcast plugin) are read again here too.
    const offEnded = app.events.on('accounts.sessions-ended', forgetActiveSessions);
    app.addHook('onClose', async () => offEnded());
    const { sessionActive } = app.accounts;
    app.setSessionCheck((user) => sessionActive(user.sessionId, user.id));
    await app.register(accountsRoutes, {
      prefix: '/api',
      rateLimit: { max: config.rateLimit.authMax, timeWindow: config.rateLimit.authWindowMs },
      throttles: createAccountThrottles(
        config.accountThrottle,
        app.redis && { redis: app.redis, keyPrefix: app.redisKeyPrefix },
      ),
      devices: createDeviceCookies(config.jwtSecret),
    });
    await app.register(accountsEmailRoutes, {
      prefix: '/api',
      rateLimit: { max: config.rateLimit.authMax, timeWindow: config.rateLimit.authWindowMs },
    });
    await app.register(accountsAdminRoutes, { prefix: '/api' });
  },
  { name: 'accounts', dependencies: ['config', 'database', 'auth', 'mail', 'redis'] },
);
