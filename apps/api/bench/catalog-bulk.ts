import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';

const titleWords = [
  'Guide',
  'Manuel',
  'Rapport',
  'Tableau de bord',
  'Procédure',
  'Modèle',
  'Cours',
  'Exercices',
  'Mémoire',
  'Thèse',
  'Handbook',
  'Report',
  'Template',
  'Dashboard',
  'Workbook',
  'Planner',
  'Introduction',
  'Analyse',
  'Synthèse',
  'Atlas',
];
const topicWords = [
  'comptabilité',
  'finance',
  'marketing',
  'économie',
  'statistiques',
  'algèbre',
  'droit',
  'gestion de projet',
  'ressources humaines',
  'logistique',
  'informatique',
  'management',
  'accounting',
  'budget',
  'sales',
  'inventory',
  'payroll',
  'chemistry',
  'history',
  'physics',
  'étudiant',
  'entreprise',
  'qualité',
  'stratégie',
  'audit',
  'fiscalité',
  'marketing digital',
  'data science',
  'réseaux',
  'énergie',
];
const descriptionWords = [
  'complet',
  'pratique',
  'détaillé',
  'exemples',
  'corrigés',
  'méthode',
  'practical',
  'examples',
  'step by step',
  'students',
  'professionals',
  'formulas',
  'charts',
  'chapters',
  'case study',
  'étude de cas',
  'annexes',
  'schémas',
];
const fileTypes = ['excel', 'word', 'powerpoint', 'powerbi', 'publisher', 'pdf', 'package', 'access'];

const textArray = (words: string[]) =>
  sql.raw(`ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(', ')}]::text[]`);

/**
 * Inserts `n` products fast (one INSERT … SELECT generate_series per table) for benchmarks and query plans:
 * a third per section, ~95 % published, varied titles (every title also holds a rare word `ref<n>`), prices,
 * discounts and dates. Creates an author and a few categories per section when the database has none.
 * Returns the range of new ids. It writes the tables directly: an app running on the database must be told
 * (`app.events.emit('catalog.changed', { what: 'bulk' })`) to drop its caches.
 */
export async function generateBulkCatalog(db: Db, n: number): Promise<{ firstId: number; lastId: number }> {
  const result = await db.transaction(async (tx) => {
    const [author] = (
      await tx.execute<{ id: string }>(sql`
        INSERT INTO users (email, password_hash, role, first_name, last_name, display_name)
        VALUES ('bulk.author@hls.test', 'bulk-no-login', 'author', 'Bulk', 'Author', 'Camille Durand')
        ON CONFLICT ((lower(email))) DO UPDATE SET role = 'author' RETURNING id`)
    ).rows;
    for (const section of ['academic', 'professional', 'book']) {
      await tx.execute(sql`
        INSERT INTO categories (section, slug, name_fr, name_en, position)
        SELECT ${section}, 'bulk-' || g, 'Catégorie ' || g, 'Category ' || g, g FROM generate_series(1, 4) g
        ON CONFLICT DO NOTHING`);
      await tx.execute(sql`
        INSERT INTO categories (section, parent_id, slug, name_fr, name_en, position)
        SELECT c.section, c.id, c.slug || '-sub-' || g, c.name_fr || ' · ' || g, c.name_en || ' · ' || g, g
        FROM categories c CROSS JOIN generate_series(1, 3) g
        WHERE c.section = ${section} AND c.parent_id IS NULL AND c.slug LIKE 'bulk-%'
        ON CONFLICT DO NOTHING`);
    }
    const inserted = await tx.execute<{ first: number; last: number }>(sql`
      WITH cats AS (
        SELECT c.section, array_agg(c.id ORDER BY c.id) AS tops FROM categories c
        WHERE c.parent_id IS NULL AND c.slug LIKE 'bulk-%' GROUP BY c.section
      ),
      src AS (
        SELECT g,
          (ARRAY['academic', 'professional', 'book'])[1 + g % 3] AS section,
          ${textArray(titleWords)} AS tw, ${textArray(topicWords)} AS pw, ${textArray(descriptionWords)} AS dw,
          ${textArray(fileTypes)} AS ft
        FROM generate_series(1, ${n}) g
      ),
      picked AS (
        SELECT s.*, c.tops[1 + (g / 3) % array_length(c.tops, 1)] AS category_id
        FROM src s JOIN cats c ON c.section = s.section
      ),
      rows AS (
        SELECT s.*, sub.id AS subcategory_id,
          cat.name_fr || ' ' || cat.name_en || coalesce(' ' || sub.name_fr || ' ' || sub.name_en, '') AS names,
          (CASE WHEN s.section = 'academic' THEN 0
                ELSE 500 + (g * 37) % 6000 END) AS price,
          (CASE WHEN s.section = 'academic' OR g % 5 <> 0 THEN 0 ELSE 5 * (1 + g % 8) END) AS discount
        FROM picked s
        JOIN categories cat ON cat.id = s.category_id
        LEFT JOIN LATERAL (SELECT sc.id, sc.name_fr, sc.name_en FROM categories sc WHERE sc.parent_id = s.category_id
          ORDER BY sc.id OFFSET (s.g / 7) % 3 LIMIT 1) sub ON true
      ),
      ins AS (
        INSERT INTO products (kind, section, title, description, language, category_id, subcategory_id, author_id,
          author_name, category_names, cover_key, cover_width, cover_height, status, published_at, popularity,
          price_cents, discount_percent, min_price_cents, paper_price_cents, ebook_price_cents, file_type)
        SELECT
          CASE WHEN r.section = 'book' THEN 'book' ELSE 'file' END,
          r.section,
          r.tw[1 + g % 20] || ' ' || r.pw[1 + (g * 7) % 30] || ' ' || r.pw[1 + (g * 11) % 30] || ' ref' || g,
          'Un document ' || r.dw[1 + g % 18] || ' sur ' || r.pw[1 + (g * 3) % 30] || ', avec ' || r.dw[1 + (g * 5) % 18]
            || '. A ' || r.dw[1 + (g * 7) % 18] || ' resource about ' || r.pw[1 + (g * 13) % 30] || ' for '
            || r.dw[1 + (g * 17) % 18] || '.',
          CASE WHEN g % 4 = 0 THEN 'en' ELSE 'fr' END,
          r.category_id,
          r.subcategory_id,
          ${author!.id}::uuid,
          'Camille Durand',
          r.names,
          'covers/bulk.webp', 600, 800,
          CASE WHEN g % 19 = 0 THEN 'draft' ELSE 'published' END,
          now() - make_interval(mins => g),
          (g::bigint * 7919) % 1000,
          r.price, r.discount, (r.price * (100 - r.discount) + 50) / 100,
          CASE WHEN r.section = 'book' THEN ((r.price + 500) * (100 - r.discount) + 50) / 100 END,
          CASE WHEN r.section = 'book' THEN (r.price * (100 - r.discount) + 50) / 100 END,
          CASE WHEN r.section = 'book' THEN NULL ELSE r.ft[1 + g % 8] END
        FROM rows r
        ORDER BY g
        RETURNING id, kind, file_type, price_cents, discount_percent
      ),
      eds AS (
        INSERT INTO book_editions (product_id, format, price_cents, discount_percent, pages, stock)
        SELECT id, f.format,
          CASE WHEN f.format = 'paper' THEN price_cents + 500 ELSE price_cents END,
          discount_percent, 120 + id % 300, CASE WHEN f.format = 'paper' THEN id % 20 END
        FROM ins CROSS JOIN (VALUES ('ebook'), ('paper')) f(format)
        WHERE ins.kind = 'book'
        RETURNING 1
      ),
      files AS (
        INSERT INTO file_assets (product_id, file_type, storage_key, original_name, mime, size_bytes, sha256, pages)
        SELECT id, file_type, 'files/bulk/sample.bin', 'sample.bin', 'application/octet-stream', 1024 + id % 100000,
          repeat('0', 64), 1 + id % 80
        FROM ins WHERE ins.kind = 'file'
        RETURNING 1
      )
      SELECT min(id) AS first, max(id) AS last, (SELECT count(*) FROM eds) + (SELECT count(*) FROM files) AS extras
      FROM ins`);
    const range = inserted.rows[0]!;
    return { firstId: Number(range.first), lastId: Number(range.last) };
  });
  // Fresh statistics and visibility map, so plans and index-only scans are those of a settled database.
  await db.execute(sql`VACUUM ANALYZE products`);
  await db.execute(sql`VACUUM ANALYZE book_editions`);
  return result;
}
