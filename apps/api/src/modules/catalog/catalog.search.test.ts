// @module-tag postgres — spelling suggestions are pg_trgm SQL of the server's version.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductPage, SearchSuggestions } from '@hls/contract';
import { registerUser, useApp } from '../../../test/helper.ts';

describe('search from anywhere: corrections and close spellings', () => {
  const t = useApp();

  beforeAll(async () => {
    const author = await registerUser(t.app, { firstName: 'Karim', lastName: 'Mansour' }, 'author');
    const books = await t.app.catalog.writes.createCategory({
      section: 'book',
      slug: 'gestion',
      nameFr: 'Gestion',
      nameEn: 'Management',
    });
    const files = await t.app.catalog.writes.createCategory({
      section: 'professional',
      slug: 'finance',
      nameFr: 'Finance',
      nameEn: 'Finance',
    });
    let n = 0;
    const product = (section: 'book' | 'professional', title: string) => {
      n += 1;
      const common = {
        title,
        description: 'Une description.',
        language: 'fr' as const,
        authorId: author.user.id,
        status: 'published' as const,
        cover: { key: `covers/search-${n}.png`, width: 600, height: 800 },
      };
      return section === 'book'
        ? t.app.catalog.writes.createProduct({
            ...common,
            kind: 'book',
            section: 'book',
            categoryId: books.id,
            editions: [{ format: 'paper', priceCents: 2000, stock: 5 }],
          })
        : t.app.catalog.writes.createProduct({
            ...common,
            kind: 'file',
            section: 'professional',
            categoryId: files.id,
            priceCents: 1500,
            file: {
              fileType: 'excel',
              storageKey: `files/search-${n}.xlsx`,
              originalName: 'fichier.xlsx',
              mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              sizeBytes: 1024,
              sha256: 'cd'.repeat(32),
            },
          });
    };
    await product('book', 'Comptabilité générale');
    await product('professional', 'Gestion de stock');
    await product('professional', 'Rapport de stage');
  });

  const books = async (search: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/books/filter/book',
      payload: { search },
    });
    expect(response.statusCode).toBe(200);
    return response.json<ProductPage>();
  };
  const suggestions = async (search: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/search/suggestions?search=${encodeURIComponent(search)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SearchSuggestions>().suggestions;
  };

  it('says which text a corrected search found its results for, and nothing when the words matched', async () => {
    const corrected = await books('comptabilte');
    expect(corrected.results.map((p) => p.title)).toEqual(['Comptabilité générale']);
    expect(corrected.correctedSearch).toBe('comptabilite');

    const exact = await books('Comptabilité');
    expect(exact.count).toBe(1);
    expect(exact).not.toHaveProperty('correctedSearch');
    expect(await books('zzqxv'), 'nothing to correct').not.toHaveProperty('correctedSearch');
  });

  it('reads the close spellings in the statement that found nothing: one more for the corrected search', async () => {
    // Texts not searched before: the answers are cached. Only the searches' statements are counted (the job
    // queue polls on the same pool meanwhile).
    const spy = vi.spyOn(t.database.pool, 'query');
    const searches = () => {
      const texts = spy.mock.calls.map(([query]) =>
        typeof query === 'string' ? query : (query as { text: string }).text,
      );
      spy.mockClear();
      return texts.filter((text) => /search_vector|search_words/.test(text)).length;
    };
    try {
      expect((await books('comptablité')).correctedSearch).toBe('comptabilite');
      expect(searches(), 'the search with its spellings, then the corrected search').toBe(2);
      expect((await books('zzqxw')).count).toBe(0);
      expect(await books('stage'), 'a word of no book').toMatchObject({ count: 0 });
      expect(searches(), 'one statement each').toBe(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('offers close spellings that find products in some section, closest first', async () => {
    expect(await suggestions('comptabilte')).toEqual(['comptabilite']);
    // Two title words are as close to "stoge": each spelling finds its own products.
    expect(await suggestions('stoge')).toEqual(['stage', 'stock']);
    expect(await suggestions('gestion stoge'), 'no product holds both "gestion" and "stage"').toEqual([
      'gestion stock',
    ]);
    expect(await suggestions('Comptabilité'), 'every word is known').toEqual([]);
    expect(await suggestions('zzqxv'), 'no similar title word').toEqual([]);
  });

  it('refuses an empty or too long search text', async () => {
    for (const search of ['', '   ', 'x'.repeat(101)]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/search/suggestions?search=${encodeURIComponent(search)}`,
      });
      expect(response.statusCode, search).toBe(400);
      expect(response.json().error.fields).toHaveProperty('search');
    }
  });
});
