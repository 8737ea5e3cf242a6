import type { EbookAccessibility, EpubReport } from '@hls/contract';

/** What an EPUB's package document says of the book and of its accessibility (schema.org, EPUB Accessibility). */
export type EpubMetadata = NonNullable<EpubReport['metadata']>;
export type { EbookAccessibility };

function decode(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(parseInt(dec, 10)))
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function attribute(tag: string, name: string): string | undefined {
  const found = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return found ? decode(found[1] ?? found[2] ?? '') : undefined;
}

/** The values of a metadata property: EPUB 3 `<meta property="p">v</meta>` and EPUB 2 `<meta name="p" content="v"/>`. */
function metaValues(opf: string, property: string): string[] {
  const values: string[] = [];
  for (const match of opf.matchAll(/<(?:\w+:)?meta\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?meta>)/g)) {
    const attributes = match[1] ?? '';
    if (attribute(attributes, 'refines') !== undefined) continue;
    if (attribute(attributes, 'property') === property) values.push(decode(match[2] ?? ''));
    else if (attribute(attributes, 'name') === property) values.push(attribute(attributes, 'content') ?? '');
  }
  return values.filter((value) => value !== '');
}

function dcValue(opf: string, element: string): string | null {
  const found = new RegExp(`<dc:${element}\\b[^>]*>([\\s\\S]*?)</dc:${element}>`).exec(opf);
  return found ? decode(found[1] ?? '') || null : null;
}

const unique = (values: string[]) => [...new Set(values)];

/** Reads the book's title, language, version and accessibility metadata from its package document. */
export function readEpubMetadata(opf: string): EpubMetadata {
  const packageTag = /<(?:\w+:)?package\b[^>]*>/.exec(opf)?.[0] ?? '';
  const linkConforms = [...opf.matchAll(/<(?:\w+:)?link\b[^>]*>/g)]
    .map((match) => match[0])
    .find((tag) => attribute(tag, 'rel') === 'dcterms:conformsTo');
  return {
    version: attribute(packageTag, 'version') ?? null,
    title: dcValue(opf, 'title'),
    language: dcValue(opf, 'language'),
    accessibility: {
      accessModes: unique(metaValues(opf, 'schema:accessMode')),
      accessModesSufficient: unique(
        metaValues(opf, 'schema:accessModeSufficient').map((set) =>
          set
            .split(',')
            .map((mode) => mode.trim())
            .filter(Boolean)
            .join(','),
        ),
      ),
      features: unique(metaValues(opf, 'schema:accessibilityFeature')),
      hazards: unique(metaValues(opf, 'schema:accessibilityHazard')),
      summary: metaValues(opf, 'schema:accessibilitySummary')[0] ?? null,
      conformsTo:
        metaValues(opf, 'dcterms:conformsTo')[0] ??
        (linkConforms ? (attribute(linkConforms, 'href') ?? null) : null),
    },
  };
}
