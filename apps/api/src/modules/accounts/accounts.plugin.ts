import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import addressBookRoutes from './accounts.address-book.routes.ts';
import { createAddressBook, type AddressBookService } from './accounts.address-book.ts';
import accountsAdminRoutes from './accounts.admin.routes.ts';
import { createAccountsAdmin, type AccountsAdmin } from './accounts.admin.ts';
import { createBecomeAuthor, type BecomeAuthor } from './accounts.become-author.ts';
import { createDirectory, type Directory } from './accounts.directory.ts';
import emailPreferencesRoutes from './accounts.email-preferences.routes.ts';
import { createEmailPreferences, type EmailPreferencesService } from './accounts.email-preferences.ts';
import accountsEmailRoutes from './accounts.email.routes.ts';
import { createEmailService, type EmailService } from './accounts.email.ts';
import { createSessionTokens, type AccountsDeps } from './accounts.helpers.ts';
import { createLogin, type Login } from './accounts.login.ts';
import { createPasswordChanges, type PasswordChanges } from './accounts.password-changes.ts';
import { createProfile, type Profile } from './accounts.profile.ts';
import { createRegistration, type Registration } from './accounts.registration.ts';
import accountsRoutes from './accounts.routes.ts';
import { forgetActiveSessions, trackSessionEnds } from './accounts.sessions.ts';
import { createAccountThrottles, createDeviceCookies } from './accounts.throttle.ts';

/**
 * `app.accounts`: the address's confirmation and change (`email`), and the use cases' methods side by side
 * (registration, login and sessions, password changes, profile, becoming an author, the back office's users,
 * and what the other modules read of the users).
 */
export type AccountsService = { email: EmailService } & Registration &
  AddressBookService &
  Login &
  PasswordChanges &
  Profile &
  BecomeAuthor &
  AccountsAdmin &
  Directory &
  EmailPreferencesService;

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
    const deps: AccountsDeps = {
      db: app.db,
      transaction: trackSessionEnds(app.transaction, () => app.events.emit('accounts.sessions-ended', {})),
      mail: app.mail,
      publicUrl: config.publicUrl,
      refreshTokenTtl: config.refreshTokenTtl,
      emailLinks: config.emailLinks,
      sessionMaxAge: config.sessionMaxAge,
      signAccessToken: app.signAccessToken,
    };
    const { db, transaction } = deps;
    const email = createEmailService({
      db,
      transaction,
      mail: app.mail,
      publicUrl: config.publicUrl,
      links: config.emailLinks,
    });
    const tokens = createSessionTokens(deps);
    app.decorate('accounts', {
      /** Confirmation and change of the address: the links' routes call it. */
      email,
      ...createRegistration({ ...deps, email }),
      ...createLogin({ db, transaction, tokens }),
      ...createPasswordChanges(deps),
      ...createProfile({ db, transaction, email }),
      ...createBecomeAuthor({ transaction, tokens, email }),
      ...createAccountsAdmin({ db, transaction }),
      ...createDirectory({ db, email }),
      ...createEmailPreferences({ db, transaction }),
      ...createAddressBook({ db, transaction, shippingCountries: config.checkout.shippingCountries }),
    });
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
    await app.register(emailPreferencesRoutes, { prefix: '/api' });
    await app.register(addressBookRoutes, { prefix: '/api' });
  },
  { name: 'accounts', dependencies: ['config', 'database', 'auth', 'mail', 'redis'] },
);
