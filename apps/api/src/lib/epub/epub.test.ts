import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runAce } from './ace.ts';
import { readEpub, writeEpub } from './epub-archive.ts';
import { buildEpub } from './epub-build.ts';
import { readEpubMetadata } from './epub-metadata.ts';
import { stampEpub } from './epub-stamp.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

describe('EPUB files', () => {
  it('reads EPUB 3 and EPUB 2 accessibility metadata, refinements aside', () => {
    const epub3 =
      readEpubMetadata(`<package version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:title>Le &amp; titre</dc:title><dc:language>fr</dc:language>
      <meta property="schema:accessMode">textual</meta><meta property="schema:accessMode">visual</meta>
      <meta property="schema:accessModeSufficient">textual , visual</meta>
      <meta property="schema:accessibilityFeature">alternativeText</meta>
      <meta property="schema:accessibilityHazard">noFlashingHazard</meta>
      <meta property="schema:accessibilitySummary" refines="#x">not the summary</meta>
      <meta property="schema:accessibilitySummary">Images   décrites.</meta>
      <link rel="dcterms:conformsTo" href="http://www.idpf.org/epub/a11y/accessibility-20170105.html#wcag-aa"/>
    </metadata></package>`);
    expect(epub3).toEqual({
      version: '3.0',
      title: 'Le & titre',
      language: 'fr',
      accessibility: {
        accessModes: ['textual', 'visual'],
        accessModesSufficient: ['textual,visual'],
        features: ['alternativeText'],
        hazards: ['noFlashingHazard'],
        summary: 'Images décrites.',
        conformsTo: 'http://www.idpf.org/epub/a11y/accessibility-20170105.html#wcag-aa',
      },
    });
    const epub2 = readEpubMetadata(`<opf:package version="2.0"><opf:metadata>
      <meta name="schema:accessMode" content="textual"/><meta name="schema:accessibilityHazard" content="none"/>
    </opf:metadata></opf:package>`);
    expect(epub2.accessibility).toMatchObject({ accessModes: ['textual'], hazards: ['none'], summary: null });
  });

  it('stamps an EPUB 2 package (prefixed elements, XHTML 1.1 page) and keeps mimetype first and stored', () => {
    const opf = `<?xml version="1.0"?>
<opf:package xmlns:opf="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">
  <opf:metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:language>en</dc:language></opf:metadata>
  <opf:manifest><opf:item id="a" href="a.html" media-type="application/xhtml+xml"/></opf:manifest>
  <opf:spine toc="ncx"><opf:itemref idref="a"/></opf:spine>
</opf:package>`;
    const source = writeEpub(
      new Map([
        [
          'META-INF/container.xml',
          strToU8('<container><rootfiles><rootfile full-path="book.opf"/></rootfiles></container>'),
        ],
        ['book.opf', strToU8(opf)],
        ['a.html', strToU8('<html/>')],
      ]),
    );
    const stamped = readEpub(stampEpub(source, { name: 'Ada', orderNumber: 'N-1' }));
    expect(stamped.opf).toContain('<opf:item id="hls-copy-owner" href="hls-copy-owner.xhtml"');
    expect(stamped.opf).toMatch(
      /<opf:spine toc="ncx">\s*<opf:itemref idref="hls-copy-owner"\/><opf:itemref idref="a"\/>/,
    );
    const page = new TextDecoder().decode(stamped.entries.get('hls-copy-owner.xhtml'));
    expect(page).toContain('XHTML 1.1');
    expect(page).toMatch(/<html xmlns="http:\/\/www.w3.org\/1999\/xhtml" xml:lang="en">/);
    expect([...stamped.entries.keys()][0]).toBe('mimetype');
  });

  it('runs DAISY Ace on the system Chromium and reports an image without a text alternative', async () => {
    const epub = buildEpub({
      title: 'Sans description',
      author: 'Test',
      language: 'en',
      chapters: [{ title: 'One', body: '<p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" /></p>' }],
    });
    const dir = await mkdtemp(path.join(tmpdir(), 'hls-ace-'));
    try {
      await writeFile(path.join(dir, 'book.epub'), epub);
      const result = await runAce(path.join(dir, 'book.epub'), dir, CHROMIUM);
      expect(result).toMatchObject({ state: 'done', version: '1.4.6' });
      expect(result.findings).toContainEqual(
        expect.objectContaining({ code: 'image-alt', level: 'critical', location: 'chapter-1.xhtml' }),
      );
      expect(result.errors).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000); // a browser start and an axe run
});
