import { randomUUID } from 'node:crypto';
import { writeEpub, escapeXml } from './epub-archive.ts';
import type { EbookAccessibility } from '@hls/contract';

export type EpubChapter = { title: string; /** XHTML body content, as is. */ body: string };

export type EpubSpec = {
  title: string;
  author: string;
  language: 'fr' | 'en';
  chapters: EpubChapter[];
  /** Declared as is; omitted properties are not declared. */
  accessibility?: Partial<EbookAccessibility>;
  /** dcterms:modified (EPUB 3 requires one). */
  modified?: string;
};

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

function page(language: string, title: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${language}" lang="${language}">
<head><meta charset="utf-8"/><title>${escapeXml(title)}</title></head>
<body>
${body}
</body>
</html>
`;
}

/**
 * A small EPUB 3 book written from its chapters: a navigation document, one XHTML page per chapter, and the
 * accessibility metadata given. What it holds passes epubcheck unless a chapter's own markup breaks it.
 */
export function buildEpub(spec: EpubSpec): Uint8Array {
  const { language } = spec;
  const a11y = spec.accessibility ?? {};
  const meta = (property: string, values: readonly string[] | undefined) =>
    (values ?? []).map((value) => `    <meta property="${property}">${escapeXml(value)}</meta>`);
  const metadata = [
    `    <dc:identifier id="uid">urn:uuid:${randomUUID()}</dc:identifier>`,
    `    <dc:title>${escapeXml(spec.title)}</dc:title>`,
    `    <dc:creator>${escapeXml(spec.author)}</dc:creator>`,
    `    <dc:language>${language}</dc:language>`,
    `    <meta property="dcterms:modified">${spec.modified ?? '2026-01-01T00:00:00Z'}</meta>`,
    ...meta('schema:accessMode', a11y.accessModes),
    ...meta('schema:accessModeSufficient', a11y.accessModesSufficient),
    ...meta('schema:accessibilityFeature', a11y.features),
    ...meta('schema:accessibilityHazard', a11y.hazards),
    ...meta('schema:accessibilitySummary', a11y.summary ? [a11y.summary] : []),
    ...meta('dcterms:conformsTo', a11y.conformsTo ? [a11y.conformsTo] : []),
  ];
  const chapters = spec.chapters.map((chapter, index) => ({
    ...chapter,
    href: `chapter-${index + 1}.xhtml`,
  }));
  const nav = page(
    language,
    spec.title,
    `<nav epub:type="toc" role="doc-toc" id="toc"><h1>${escapeXml(spec.title)}</h1><ol>
${chapters.map((c) => `<li><a href="${c.href}">${escapeXml(c.title)}</a></li>`).join('\n')}
</ol></nav>`,
  );
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="${language}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
${metadata.join('\n')}
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
${chapters.map((c, i) => `    <item id="c${i + 1}" href="${c.href}" media-type="application/xhtml+xml"/>`).join('\n')}
  </manifest>
  <spine>
${chapters.map((_, i) => `    <itemref idref="c${i + 1}"/>`).join('\n')}
  </spine>
</package>
`;
  const encode = (text: string) => new TextEncoder().encode(text);
  const entries = new Map<string, Uint8Array>([
    ['META-INF/container.xml', encode(CONTAINER)],
    ['EPUB/package.opf', encode(opf)],
    ['EPUB/nav.xhtml', encode(nav)],
    ...chapters.map((c): [string, Uint8Array] => [
      `EPUB/${c.href}`,
      encode(page(language, c.title, `<section><h1>${escapeXml(c.title)}</h1>\n${c.body}</section>`)),
    ]),
  ]);
  return writeEpub(entries);
}
