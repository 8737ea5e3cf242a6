import type { Language } from '@hls/contract';

export type RenderedMail = { subject: string; text: string; html: string };

/** A table (order lines, totals): text columns in the plain part, a table in the HTML part. */
type Table = { head?: string[]; rows: string[][]; foot?: string[][]; numeric: number[] };

/** A paragraph, a block of lines kept together (an address, a quoted consent), a table or a link. */
export type Part = string | { lines: string[] } | { table: Table } | { link: { label: string; url: string } };

/** What one e-mail says: its subject, greeting, paragraphs and main button. */
export type MailContent = {
  subject: string;
  greeting: string;
  paragraphs: Part[];
  action?: { label: string; url: string };
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Columns padded to their widest cell, numbers aligned right. */
function textTable(table: Table): string {
  const all = [...(table.head ? [table.head] : []), ...table.rows, ...(table.foot ?? [])];
  const widths = all[0]!.map((_, column) => Math.max(...all.map((row) => [...(row[column] ?? '')].length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => {
        const pad = ' '.repeat(widths[column]! - [...cell].length);
        return table.numeric.includes(column) ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [
    ...(table.head ? [line(table.head), rule] : []),
    ...table.rows.map(line),
    ...(table.foot ? [rule, ...table.foot.map(line)] : []),
  ].join('\n');
}

function textPart(part: Part, separator: string): string {
  if (typeof part === 'string') return part;
  if ('lines' in part) return part.lines.join('\n');
  if ('table' in part) return textTable(part.table);
  return `${part.link.label}${separator}${part.link.url}`;
}

function htmlTable(table: Table): string {
  const cell = (tag: 'td' | 'th', value: string, column: number, extra = '') =>
    `<${tag} style="padding:4px 8px;text-align:${table.numeric.includes(column) ? 'right' : 'left'};${extra}">${escapeHtml(value)}</${tag}>`;
  return `<table style="border-collapse:collapse;width:100%;font-size:14px">
${table.head ? `<thead><tr>${table.head.map((h, i) => cell('th', h, i, 'border-bottom:1px solid #cbd2d9')).join('')}</tr></thead>` : ''}
<tbody>${table.rows.map((row) => `<tr>${row.map((c, i) => cell('td', c, i)).join('')}</tr>`).join('\n')}</tbody>
${
  table.foot
    ? `<tfoot>${table.foot
        .map(
          (row, r) =>
            `<tr>${row.map((c, i) => cell('td', c, i, r === 0 ? 'border-top:1px solid #cbd2d9' : '')).join('')}</tr>`,
        )
        .join('')}</tfoot>`
    : ''
}
</table>`;
}

function htmlPart(part: Part): string {
  if (typeof part === 'string') return `<p>${escapeHtml(part)}</p>`;
  if ('lines' in part) return `<p>${part.lines.map(escapeHtml).join('<br>')}</p>`;
  if ('table' in part) return htmlTable(part.table);
  return `<p><a href="${escapeHtml(part.link.url)}">${escapeHtml(part.link.label)}</a></p>`;
}

/**
 * An e-mail's plain and HTML parts: the greeting, the paragraphs, the button (its address written out below it)
 * and the signature; what comes from the sender is escaped in the HTML part.
 */
export function layOut(
  content: MailContent,
  language: Language,
  words: { linkSeparator: string; signature: string },
): RenderedMail {
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [textPart(p, words.linkSeparator), '']),
    ...(content.action ? [`${content.action.label}${words.linkSeparator}${content.action.url}`, ''] : []),
    words.signature,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map(htmlPart).join('\n')}
${
  content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:13px;color:#52606d">${escapeHtml(content.action.url)}</p>`
    : ''
}
<p>${escapeHtml(words.signature)}</p>
</body></html>`;
  return { subject: content.subject, text, html };
}
