import { SITE_NAME } from '@/config/site';

export type HeadEntry = { title: string; description?: string };

/** What the route handles give when no page declares its own head (set by the layout). */
let routeDefault: HeadEntry | null = null;
/** Heads declared by mounted pages; the last one mounted wins. */
const declared: { id: string; entry: HeadEntry }[] = [];
let initialDescription: string | null = null;

/** "Title | HLS", or the site name alone. */
export function formatTitle(title: string | undefined): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_NAME;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.setAttribute('content', content);
}

function apply() {
  const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  // A server-rendered page's description is its own; the site's stays beside it in data-default.
  initialDescription ??= description?.dataset.default ?? description?.getAttribute('content') ?? '';
  const entry = declared.at(-1)?.entry ?? routeDefault;
  const title = formatTitle(entry?.title);
  const text = entry?.description || initialDescription;
  document.title = title;
  setMeta('name', 'description', text);
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', text);
}

/** The layout's fallback head, from the matched route handle. */
export function setRouteHead(entry: HeadEntry | null): void {
  routeDefault = entry;
  apply();
}

/** Declares or updates the head of a mounted page, identified by `id`. */
export function declareHead(id: string, entry: HeadEntry): void {
  const slot = declared.find((item) => item.id === id);
  if (slot) slot.entry = entry;
  else declared.push({ id, entry });
  apply();
}

/** Withdraws the head of a page that unmounts. */
export function withdrawHead(id: string): void {
  const index = declared.findIndex((item) => item.id === id);
  if (index >= 0) declared.splice(index, 1);
  apply();
}
