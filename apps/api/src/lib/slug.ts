/**
 * A title as a file name's stem: ASCII letters and digits joined by hyphens, accents dropped, at most 80
 * characters ("Gestion financière – Zoë" → "gestion-financiere-zoe"); `fallback` when nothing is left.
 */
export function slugify(text: string, fallback = ''): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || fallback;
}
