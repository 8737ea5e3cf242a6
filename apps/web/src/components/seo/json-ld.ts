export type JsonLd = Record<string, unknown>;

export type BreadcrumbPage = { path: string; label: string };

function absolute(path: string, origin: string): string {
  return new URL(path || '/', origin).href;
}

/** schema.org BreadcrumbList of the pages shown in a breadcrumb (the last one is the current page). */
export function breadcrumbJsonLd(pages: BreadcrumbPage[], origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: pages.map((page, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: page.label,
      item: absolute(page.path, origin),
    })),
  };
}

/** JSON for a <script type="application/ld+json">, safe against a closing tag inside a value. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
