import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, useApp } from '../../../test/helper.ts';
import { createSeoService } from './seo.service.ts';

describe('sitemap and robots', () => {
  const t = useApp();
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const author = await registerUser(t.app, {}, 'author');
    const book = await t.app.catalog.writes.createCategory({
      section: 'book',
      slug: 'essais',
      nameFr: 'Essais',
      nameEn: 'Essays',
    });
    const pro = await t.app.catalog.writes.createCategory({
      section: 'professional',
      slug: 'qualite',
      nameFr: 'Qualité',
      nameEn: 'Quality',
    });
    const common = {
      description: 'Texte.',
      language: 'fr' as const,
      authorId: author.user.id,
      cover: { key: 'covers/s.png', width: 1, height: 1 },
    };
    const file = {
      fileType: 'pdf' as const,
      storageKey: 'files/s.pdf',
      originalName: 's.pdf',
      mime: 'application/pdf',
      sizeBytes: 1,
      sha256: 'c'.repeat(64),
    };
    ids.book = (
      await t.app.catalog.writes.createProduct({
        ...common,
        kind: 'book',
        section: 'book',
        title: 'Essai publié',
        categoryId: book.id,
        status: 'published',
        editions: [{ format: 'ebook', priceCents: 500 }],
      })
    ).id;
    ids.file = (
      await t.app.catalog.writes.createProduct({
        ...common,
        kind: 'file',
        section: 'professional',
        title: 'Fichier publié',
        categoryId: pro.id,
        status: 'published',
        file,
        priceCents: 100,
      })
    ).id;
    ids.draft = (
      await t.app.catalog.writes.createProduct({
        ...common,
        kind: 'file',
        section: 'professional',
        title: 'Fichier brouillon',
        categoryId: pro.id,
        file,
        priceCents: 100,
      })
    ).id;
  });

  it('lists the public pages and the published products with absolute URLs', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const urls = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of [
      '/',
      '/academic',
      '/professionnel',
      '/book',
      '/about',
      '/contact',
      '/publish',
      '/terms',
      '/legals',
      '/privacy',
    ]) {
      expect(urls).toContain(`http://shop.test${path}`);
    }
    expect(urls).toContain(`http://shop.test/product/${ids.book}`);
    expect(urls).toContain(`http://shop.test/prodoc/${ids.file}`);
    expect(urls).not.toContain(`http://shop.test/prodoc/${ids.draft}`);
    expect(urls.some((u) => /my-account|checkout|cart/.test(u!))).toBe(false);
    expect(response.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('allows crawling except the API and personal pages, and names the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/api/',
      '/my-account',
      '/checkout',
      '/download',
      '/customer-commande',
      '/file-book',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Sitemap: http://shop.test/sitemap.xml');
  });

  it('has no product part when the sitemap fits in one file', async () => {
    expect((await t.app.inject({ url: '/sitemap-products.xml?part=1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/sitemap-products.xml?part=2' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sitemap-products.xml?part=x' })).statusCode).toBe(400);
  });

  it('becomes an index of the pages and one part per file of products when they do not fit in one', async () => {
    const seo = createSeoService({
      publicUrl: 'http://shop.test',
      catalog: t.app.catalog.reads,
      urlsPerSitemap: 1,
    });
    const index = await seo.sitemap();
    const parts = [...index.matchAll(/sitemap-products\.xml\?part=(\d+)/g)].map((match) => Number(match[1]));
    expect(index).toContain('<sitemapindex');
    expect(index).toContain('<loc>http://shop.test/sitemap-pages.xml</loc>');
    expect(parts).toEqual([1, 2]);
    const products = await Promise.all(parts.map((part) => seo.productsSitemap(part)));
    expect(products.map((xml) => xml.match(/<loc>[^<]+<\/loc>/g))).toEqual([
      [`<loc>http://shop.test/product/${ids.book}</loc>`],
      [`<loc>http://shop.test/prodoc/${ids.file}</loc>`],
    ]);
    expect(await seo.productsSitemap(3)).toBe('');
  });
});
