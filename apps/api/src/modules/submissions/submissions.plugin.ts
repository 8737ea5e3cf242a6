import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adoptProducts } from './submissions.adopt.ts';
import authorRoutes from './submissions.author.routes.ts';
import editorialRoutes from './submissions.editorial.routes.ts';
import { createAuthorService, type AuthorService } from './submissions.author.service.ts';
import { createEditorialService, type EditorialService } from './submissions.editorial.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The author's side (drafts, uploads, proposals, revisions) and the editors' (queue, decisions, reports). */
    submissions: {
      author: AuthorService;
      editorial: EditorialService;
      /** Proposals for catalogue products written without one (the demo data set). */
      adopt: typeof adoptProducts;
    };
  }
}

/**
 * Authors and editorial review: proposals of books and files from draft to publication, their versions and
 * history, the price and royalty calculator, reports of published documents, and the editors' queue and
 * decisions (publishing creates or updates the catalogue product through `app.catalog`).
 */
export default fp(
  async function submissions(app: FastifyInstance) {
    const author = createAuthorService({ app });
    const editorial = createEditorialService({ app });
    app.decorate('submissions', { author, editorial, adopt: adoptProducts });
    await app.register(authorRoutes, { prefix: '/api' });
    await app.register(editorialRoutes, { prefix: '/api' });
  },
  {
    name: 'submissions',
    dependencies: [
      'config',
      'database',
      'auth',
      'mail',
      'accounts',
      'catalog',
      'storage',
      'uploads',
      'orders',
      'royalties',
    ],
  },
);
