import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import reviewsRoutes from './reviews.routes.ts';
import { createReviewsService, type ReviewsService } from './reviews.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reviews: ReviewsService;
  }
}

/**
 * Customer reviews (`app.reviews`): verified buyers' reviews asked of the orders and downloads modules, the
 * editors' moderation, and the approved reviews' stars kept on the products through `app.catalog.writes.rate`
 * (which raises `catalog.changed`: the pages and cards show them).
 */
export default fp(
  async function reviews(app: FastifyInstance) {
    const service = createReviewsService({
      db: app.db,
      transaction: app.transaction,
      catalog: { sales: app.catalog.sales, writes: app.catalog.writes },
      orders: app.orders,
      downloads: app.downloads,
      accounts: app.accounts,
      authors: app.authorNews,
    });
    app.decorate('reviews', service);

    const unsubscribe = [
      app.events.on('catalog.changed', service.clearCache),
      // A review is signed with its author's first name and initial.
      app.events.on('accounts.renamed', ({ userId }) => {
        service
          .renamed(userId)
          .then(service.clearCache)
          .catch((error: unknown) => app.log.error({ err: error, userId }, 'renaming reviews failed'));
      }),
    ];
    app.addHook('onClose', async () => unsubscribe.forEach((off) => off()));

    await app.register(reviewsRoutes, { prefix: '/api' });
  },
  {
    name: 'reviews',
    dependencies: ['database', 'events', 'auth', 'accounts', 'catalog', 'orders', 'downloads', 'author-news'],
  },
);
