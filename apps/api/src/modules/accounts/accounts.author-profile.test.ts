import { beforeAll, describe, expect, it } from 'vitest';
import { BookDetail, User } from '@hls/contract';
import { bearer, login, registerUser, useApp } from '../../../test/helper.ts';

describe('PUT /api/user/author-profile', () => {
  const t = useApp();
  let author: { id: string; headers: Record<string, string> };
  let customer: { headers: Record<string, string> };
  let bookId: number;

  const put = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/user/author-profile', headers, payload });
  const bookPage = async () =>
    BookDetail.parse((await t.app.inject({ method: 'GET', url: `/api/books/list/${bookId}` })).json());

  beforeAll(async () => {
    const registered = await registerUser(t.app, { firstName: 'Amira', lastName: 'Ben Salah' }, 'author');
    const tokens = await login(t.app, registered.email, registered.password);
    author = { id: registered.user.id, headers: { ...bearer(tokens.access), 'accept-language': 'en' } };
    const buyer = await registerUser(t.app, { firstName: 'Sami', lastName: 'Trabelsi' });
    customer = { headers: bearer((await login(t.app, buyer.email, buyer.password)).access) };
    const category = await t.app.catalog.writes.createCategory({
      section: 'book',
      slug: 'essais',
      nameFr: 'Essais',
      nameEn: 'Essays',
    });
    bookId = (
      await t.app.catalog.writes.createProduct({
        kind: 'book',
        section: 'book',
        title: 'Écrire juste',
        description: 'Un essai sur l’écriture.',
        language: 'fr',
        authorId: author.id,
        categoryId: category.id,
        status: 'published',
        cover: { key: 'covers/essai.png', width: 600, height: 900 },
        editions: [{ format: 'ebook', priceCents: 990 }],
      })
    ).id;
  });

  it("changes the author's public name and bio, which their book's page shows at once", async () => {
    expect((await bookPage()).author.name).toBe('Amira Ben Salah');
    const response = await put(author.headers, {
      displayName: '  A. Ben Salah ',
      bio: 'Professeure de lettres à Sousse.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(User.parse(response.json())).toMatchObject({
      displayName: 'A. Ben Salah',
      bio: 'Professeure de lettres à Sousse.',
    });
    const page = await bookPage();
    expect(page.author.name).toBe('A. Ben Salah');
    expect(page.authorBio).toBe('Professeure de lettres à Sousse.');
  });

  it('shows the first and last names again, and no bio, when both are emptied', async () => {
    expect((await put(author.headers, { displayName: '', bio: ' ' })).statusCode).toBe(200);
    const page = await bookPage();
    expect(page.author.name).toBe('Amira Ben Salah');
    expect(page.authorBio).toBeNull();
  });

  it('refuses a name or bio too long (400, by field) and changes nothing', async () => {
    await put(author.headers, { displayName: 'Amira B. S.', bio: 'Bio.' });
    const response = await put(author.headers, { displayName: 'x'.repeat(121), bio: 'y'.repeat(2001) });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ error: { fields: object } }>().error.fields).sort()).toEqual([
      'bio',
      'displayName',
    ]);
    expect((await bookPage()).author.name).toBe('Amira B. S.');
  });

  it('is for authors only: 401 without a login, 403 for a customer', async () => {
    expect((await put({}, { displayName: 'X', bio: '' })).statusCode).toBe(401);
    expect((await put(customer.headers, { displayName: 'X', bio: '' })).statusCode).toBe(403);
  });
});
