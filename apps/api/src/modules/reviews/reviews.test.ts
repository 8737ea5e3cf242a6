import { beforeAll, describe, expect, it } from 'vitest';
import type {
  FileDetail,
  ModerationPage,
  ModerationReview,
  MyReview,
  OwnReview,
  ProductPage,
  ProductReviews,
} from '@hls/contract';
import { customer, openShop, staff, type Customer, type Shop } from '../../../test/checkout-fixtures.ts';
import { downloadFree, freeLink, publishFreeDocument } from '../../../test/free-document.ts';
import { useApp } from '../../../test/helper.ts';
import { buy } from '../../../test/royalty-fixtures.ts';
import { reviewerName } from './reviews.service.ts';

describe('customer reviews', () => {
  const t = useApp();
  let shop: Shop;
  let editor: Customer;

  beforeAll(async () => {
    shop = await openShop(t.app);
    editor = await staff(t.app, 'editor');
  });

  const mine = (user: Customer, productId: number) =>
    t.app.inject({ method: 'GET', url: `/api/products/${productId}/review`, headers: user.headers });
  const write = (user: Customer | null, productId: number, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}/review`,
      ...(user ? { headers: user.headers } : {}),
      payload: payload as Record<string, unknown>,
    });
  const publicReviews = async (productId: number, page = 1) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/products/${productId}/reviews?page=${page}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<ProductReviews>();
  };
  const decide = (who: Customer | null, reviewId: string, decision: 'approve' | 'reject', reason?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/editorial/reviews/${reviewId}/${decision}`,
      ...(who ? { headers: who.headers } : {}),
      ...(reason === undefined ? {} : { payload: { reason } }),
    });
  const approve = async (reviewId: string) => {
    const response = await decide(editor, reviewId, 'approve');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ModerationReview>();
  };
  /** A customer who bought the shop's professional file. */
  const fileBuyer = async () => {
    const buyer = await customer(t.app);
    await buy(t.app, buyer, [{ productId: shop.fileId }]);
    return buyer;
  };
  const fileCard = async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/category/filter/pro', payload: {} });
    return response.json<ProductPage>().results.find((product) => product.id === shop.fileId)!;
  };
  const fileDetail = async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/category/file/${shop.fileId}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FileDetail>();
  };

  it('lets a customer who paid for a product review it, and refuses anyone who did not', async () => {
    const buyer = await fileBuyer();
    const browser = await customer(t.app);

    expect((await mine(buyer, shop.fileId)).json<MyReview>()).toEqual({ eligible: true, review: null });
    expect((await mine(browser, shop.fileId)).json<MyReview>()).toEqual({ eligible: false, review: null });

    const refused = await write(browser, shop.fileId, { rating: 5, text: 'Je ne l’ai jamais acheté.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('review_not_allowed');
    expect((await write(null, shop.fileId, { rating: 5, text: 'Sans compte.' })).statusCode).toBe(401);

    const created = await write(buyer, shop.fileId, { rating: 4, text: '  Clair et bien construit.  ' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<OwnReview>()).toMatchObject({
      productId: shop.fileId,
      rating: 4,
      text: 'Clair et bien construit.',
      status: 'pending',
      rejectionReason: null,
    });
    const { review } = (await mine(buyer, shop.fileId)).json<MyReview>();
    expect(review, 'the author sees their review and its state').toMatchObject({ status: 'pending' });

    // One review per user and product: writing again replaces it.
    const replaced = await write(buyer, shop.fileId, { rating: 5, text: 'Encore mieux à l’usage.' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<OwnReview>()).toMatchObject({ id: created.json<OwnReview>().id, rating: 5 });

    const unknown = await write(buyer, 987_654_321, { rating: 5, text: 'Un produit inconnu.' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a buyer whose purchase was refunded', async () => {
    const admin = await staff(t.app, 'admin');
    const buyer = await customer(t.app);
    const order = await buy(t.app, buyer, [{ productId: shop.bookId, edition: 'ebook' }]);
    expect((await mine(buyer, shop.bookId)).json<MyReview>().eligible).toBe(true);

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refund`,
      headers: admin.headers,
      payload: { reason: 'Commande en double' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await mine(buyer, shop.bookId)).json<MyReview>().eligible).toBe(false);
    const refused = await write(buyer, shop.bookId, { rating: 1, text: 'Remboursé puis noté.' });
    expect(refused.statusCode).toBe(403);
  });

  it('lets a user review a free document once they downloaded it, not when they only asked for its link', async () => {
    const document = await publishFreeDocument(t.app, shop.author.id);
    const student = await customer(t.app);
    await freeLink(t.app, student, document.id);
    expect((await mine(student, document.id)).json<MyReview>().eligible).toBe(false);
    expect((await write(student, document.id, { rating: 5, text: 'Pas encore lu.' })).statusCode).toBe(403);

    await downloadFree(t.app, student, document.id);
    expect((await mine(student, document.id)).json<MyReview>().eligible).toBe(true);
    expect(
      (await write(student, document.id, { rating: 5, text: 'Très utile pour réviser.' })).statusCode,
    ).toBe(201);
  });

  it('refuses a rating outside 1–5, a text too short or too long, and control characters, field by field', async () => {
    const buyer = await fileBuyer();
    const cases: [unknown, Record<string, string>][] = [
      [{ rating: 0, text: 'Un texte assez long.' }, { rating: 'Choose a rating from 1 to 5 stars.' }],
      [{ rating: 6, text: 'Un texte assez long.' }, { rating: 'Choose a rating from 1 to 5 stars.' }],
      [{ rating: 3.5, text: 'Un texte assez long.' }, { rating: 'Choose a rating from 1 to 5 stars.' }],
      [{ text: 'Un texte assez long.' }, { rating: 'Choose a rating from 1 to 5 stars.' }],
      [{ rating: 3, text: '   ' }, { text: 'Write a few words about this product.' }],
      [{ rating: 3, text: 'Court.' }, { text: 'Write at least 10 characters.' }],
      [{ rating: 3, text: 'x'.repeat(2001) }, { text: 'Use at most 2,000 characters.' }],
    ];
    for (const [payload, fields] of cases) {
      const response = await write(buyer, shop.fileId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation_failed', fields });
    }
    const control = await write(buyer, shop.fileId, { rating: 3, text: 'Un texte\u0000 caché.' });
    expect(control.statusCode).toBe(400);
    expect(control.json().error.fields).toHaveProperty('text');
    expect((await mine(buyer, shop.fileId)).json<MyReview>().review, 'nothing was written').toBeNull();
  });

  it('keeps reviews private until an editor approves them, then shows their stars on the page and the card', async () => {
    const before = await publicReviews(shop.fileId);
    const [first, second] = [await fileBuyer(), await fileBuyer()];
    const a = (
      await write(first, shop.fileId, { rating: 4, text: 'Clair et bien construit.' })
    ).json<OwnReview>();
    const b = (
      await write(second, shop.fileId, { rating: 5, text: 'Exactement ce qu’il me fallait.' })
    ).json<OwnReview>();
    // Read (and kept in the caches) before the decisions: an approval must empty them.
    expect(await publicReviews(shop.fileId)).toEqual(before);
    const cardBefore = await fileCard();
    await fileDetail();

    await approve(a.id);
    await approve(b.id);

    const after = await publicReviews(shop.fileId);
    expect(after.count).toBe(before.count + 2);
    expect(after.results.slice(0, 2).map((review) => review.text)).toEqual([
      'Exactement ce qu’il me fallait.',
      'Clair et bien construit.',
    ]);
    expect(after.results[0]).toMatchObject({ rating: 5, reviewer: 'Zoë Ł.' });
    expect(after.results[0]).not.toHaveProperty('userId');
    const stars = (cardBefore.rating?.average ?? 0) * (cardBefore.rating?.count ?? 0) + 9;
    const expected = { count: after.count, average: Math.round((stars * 10) / after.count) / 10 };
    expect(after.summary).toEqual(expected);
    expect(after.distribution[3]! + after.distribution[4]!).toBeGreaterThanOrEqual(2);
    expect((await fileCard()).rating, 'the card').toEqual(expected);
    expect((await fileDetail()).rating, 'the page').toEqual(expected);
  });

  it('tells the author why an editor refused their review, and can take a public one down', async () => {
    const buyer = await fileBuyer();
    const review = (
      await write(buyer, shop.fileId, { rating: 1, text: 'Appelez-moi au 06 12 34 56 78.' })
    ).json<OwnReview>();

    const noReason = await decide(editor, review.id, 'reject', '  ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: 'Say why the review is refused.' });

    const rejected = await decide(editor, review.id, 'reject', 'Pas de coordonnées personnelles.');
    expect(rejected.statusCode).toBe(200);
    expect((await mine(buyer, shop.fileId)).json<MyReview>().review).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Pas de coordonnées personnelles.',
    });
    expect((await publicReviews(shop.fileId)).results.map((r) => r.id)).not.toContain(review.id);

    const countBefore = (await publicReviews(shop.fileId)).count;
    await approve(review.id);
    expect((await publicReviews(shop.fileId)).count).toBe(countBefore + 1);
    const again = await decide(editor, review.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('invalid_transition');

    const takenDown = await decide(editor, review.id, 'reject', 'Signalé par un client.');
    expect(takenDown.statusCode).toBe(200);
    expect((await publicReviews(shop.fileId)).count).toBe(countBefore);
    expect((await fileCard()).rating?.count).toBe(countBefore);

    const unknown = await decide(editor, '00000000-0000-4000-8000-000000000000', 'approve');
    expect(unknown.statusCode).toBe(404);
  });

  it('sends an edited review back to the editors, its old stars off the product until then', async () => {
    const buyer = await fileBuyer();
    const review = (
      await write(buyer, shop.fileId, { rating: 2, text: 'Un peu léger pour le prix.' })
    ).json<OwnReview>();
    await approve(review.id);
    const withIt = (await publicReviews(shop.fileId)).count;

    const edited = await write(buyer, shop.fileId, { rating: 5, text: 'Mis à jour : très complet.' });
    expect(edited.json<OwnReview>()).toMatchObject({ status: 'pending', rating: 5 });
    expect((await publicReviews(shop.fileId)).count).toBe(withIt - 1);
    expect((await fileCard()).rating?.count).toBe(withIt - 1);

    await approve(review.id);
    const after = await publicReviews(shop.fileId);
    expect(after.count).toBe(withIt);
    expect(after.results.find((r) => r.id === review.id)?.rating).toBe(5);
  });

  it('deletes the user’s own review only; another user’s is out of reach', async () => {
    const buyer = await fileBuyer();
    const other = await fileBuyer();
    const review = (
      await write(buyer, shop.fileId, { rating: 3, text: 'Correct, sans plus.' })
    ).json<OwnReview>();
    await approve(review.id);
    const withIt = (await publicReviews(shop.fileId)).count;

    const remove = (user: Customer) =>
      t.app.inject({ method: 'DELETE', url: `/api/products/${shop.fileId}/review`, headers: user.headers });
    expect((await remove(other)).statusCode, 'the other user has no review here').toBe(404);
    expect((await mine(other, shop.fileId)).json<MyReview>().review).toBeNull();
    expect((await publicReviews(shop.fileId)).count).toBe(withIt);

    expect((await remove(buyer)).statusCode).toBe(204);
    expect((await remove(buyer)).statusCode).toBe(404);
    expect((await publicReviews(shop.fileId)).count).toBe(withIt - 1);
    expect((await fileCard()).rating?.count).toBe(withIt - 1);
  });

  it('lets only editors and admins see the queue and decide', async () => {
    const buyer = await fileBuyer();
    const review = (
      await write(buyer, shop.fileId, { rating: 4, text: 'Bon rapport qualité-prix.' })
    ).json<OwnReview>();
    const queue = (who: Customer | null, query = '') =>
      t.app.inject({
        method: 'GET',
        url: `/api/editorial/reviews${query}`,
        ...(who ? { headers: who.headers } : {}),
      });

    expect((await queue(null)).statusCode).toBe(401);
    expect((await queue(buyer)).statusCode).toBe(403);
    expect((await queue({ ...buyer, headers: shop.author.headers } as Customer)).statusCode).toBe(403);
    expect((await decide(buyer, review.id, 'approve')).statusCode).toBe(403);
    expect((await decide(null, review.id, 'approve')).statusCode).toBe(401);

    const admin = await staff(t.app, 'admin');
    const waiting = await queue(admin);
    expect(waiting.statusCode).toBe(200);
    const page = waiting.json<ModerationPage>();
    expect(page.pending).toBe(page.count);
    const listed = page.results.find((item) => item.id === review.id);
    expect(listed).toMatchObject({
      status: 'pending',
      reviewer: 'Zoë Ł.',
      product: { kind: 'file', section: 'professional' },
      moderatedAt: null,
    });
    const dates = page.results.map((item) => item.updatedAt);
    expect([...dates].sort(), 'oldest first').toEqual(dates);
    expect((await queue(editor, '?status=nonsense')).statusCode).toBe(400);
  });

  it('signs a review with the first name and the last name’s initial, and follows a rename', async () => {
    expect(reviewerName({ firstName: 'Camille', lastName: 'martin' })).toBe('Camille M.');
    expect(reviewerName({ firstName: 'Zoë', lastName: 'Łukasz' })).toBe('Zoë Ł.');
    expect(reviewerName({ firstName: 'Nadia', lastName: '' })).toBe('Nadia');

    const buyer = await fileBuyer();
    const review = (
      await write(buyer, shop.fileId, { rating: 4, text: 'Très pratique au quotidien.' })
    ).json<OwnReview>();
    await approve(review.id);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/update/user',
      headers: buyer.headers,
      payload: { firstName: 'Inès', lastName: 'Karoui', email: buyer.email },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expect
      .poll(async () => (await publicReviews(shop.fileId)).results.find((r) => r.id === review.id)?.reviewer)
      .toBe('Inès K.');
  });
});
