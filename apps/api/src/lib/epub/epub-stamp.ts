import { strToU8 } from 'fflate';
import { escapeXml, readEpub, writeEpub } from './epub-archive.ts';

export type EpubOwner = { name: string; orderNumber: string };

const PAGE_ID = 'hls-copy-owner';

function ownerPage(version3: boolean, language: string, owner: EpubOwner): string {
  const name = escapeXml(owner.name);
  const order = escapeXml(owner.orderNumber);
  const french = `Cet exemplaire appartient à ${name}, commande ${order}.`;
  const english = `This copy belongs to ${name}, order ${order}.`;
  const [first, second] = language.startsWith('fr')
    ? [
        { lang: 'fr', text: french },
        { lang: 'en', text: english },
      ]
    : [
        { lang: 'en', text: english },
        { lang: 'fr', text: french },
      ];
  const lang = (code: string) => (version3 ? `xml:lang="${code}" lang="${code}"` : `xml:lang="${code}"`);
  return `<?xml version="1.0" encoding="UTF-8"?>
${version3 ? '<!DOCTYPE html>' : '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">'}
<html xmlns="http://www.w3.org/1999/xhtml" ${lang(first.lang)}>
<head>${version3 ? '<meta charset="utf-8"/>' : ''}<title>${escapeXml(english)}</title></head>
<body>
<p>${first.text}</p>
<p ${lang(second.lang)}>${second.text}</p>
</body>
</html>
`;
}

/** A name for the owner page beside the package document that no entry has yet. */
function freeHref(entries: Map<string, Uint8Array>, base: string): string {
  for (let n = 0; ; n += 1) {
    const href = `${PAGE_ID}${n ? `-${n}` : ''}.xhtml`;
    if (!entries.has(`${base}${href}`)) return href;
  }
}

/**
 * The buyer's copy of an EPUB: a page "This copy belongs to <name>, order <n>" (in the book's language, then
 * the other) first in the reading order, and the same words as a `dc:rights` of the package's metadata. The
 * rest is left as it was; re-zipped with `mimetype` first and stored, so a valid EPUB stays valid.
 */
export function stampEpub(bytes: Uint8Array, owner: EpubOwner): Uint8Array {
  const { entries, opfPath, opf } = readEpub(bytes);
  const base = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const prefix = /<(\w+:)?manifest\b/.exec(opf)?.[1] ?? '';
  const version3 = /<(?:\w+:)?package\b[^>]*\sversion\s*=\s*["']3/.test(opf);
  const language = /<dc:language\b[^>]*>\s*([^<\s]+)/.exec(opf)?.[1] ?? 'en';
  const href = freeHref(entries, base);
  let id = PAGE_ID;
  while (new RegExp(`\\sid\\s*=\\s*["']${id}["']`).test(opf)) id += '-x';
  const rights = `This copy belongs to ${owner.name}, order ${owner.orderNumber}.`;

  const spine = new RegExp(`<${prefix}spine\\b[^>]*?(/?)>`).exec(opf);
  const manifestEnd = opf.indexOf(`</${prefix}manifest>`);
  const metadataEnd = /<\/(?:\w+:)?metadata>/.exec(opf);
  if (!spine || manifestEnd < 0 || !metadataEnd)
    throw new Error('the package document has no spine or manifest');
  const item = `<${prefix}item id="${id}" href="${href}" media-type="application/xhtml+xml"/>`;
  const itemref = `<${prefix}itemref idref="${id}"/>`;
  const dcRights = `<dc:rights xmlns:dc="http://purl.org/dc/elements/1.1/">${escapeXml(rights)}</dc:rights>`;

  // Edited from the end of the document backwards so that the earlier offsets stay right.
  const edits = [
    { at: metadataEnd.index, text: `  ${dcRights}\n  ` },
    { at: manifestEnd, text: `  ${item}\n  ` },
    spine[1]
      ? {
          at: spine.index,
          text: '',
          replace: spine[0],
          with: `${spine[0].slice(0, -2)}>${itemref}</${prefix}spine>`,
        }
      : { at: spine.index + spine[0].length, text: `\n    ${itemref}` },
  ].sort((a, b) => b.at - a.at);
  let stamped = opf;
  for (const edit of edits) {
    if ('replace' in edit && edit.replace) {
      stamped = stamped.slice(0, edit.at) + edit.with + stamped.slice(edit.at + edit.replace.length);
    } else {
      stamped = stamped.slice(0, edit.at) + edit.text + stamped.slice(edit.at);
    }
  }
  const out = new Map(entries);
  out.set(opfPath, strToU8(stamped));
  out.set(`${base}${href}`, strToU8(ownerPage(version3, language, owner)));
  return writeEpub(out);
}
