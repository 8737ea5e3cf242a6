// A small reader for the .eml files the API's file transport writes: headers, multipart bodies,
// quoted-printable/base64 and RFC 2047 encoded words, attachments — enough to read the mail a journey triggered.

/** A file attached to a message, its bytes decoded. */
export type Attachment = { filename: string; contentType: string; content: Buffer };

export type Mail = {
  file: string;
  from: string;
  to: string;
  subject: string;
  date: Date | null;
  text: string;
  html: string;
  /** Every http(s) link of the message, text part first. */
  links: string[];
  /** The parts sent as attachments (`Content-Disposition: attachment`), in their order. */
  attachments: Attachment[];
};

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parameter(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*("([^"]*)"|[^;\\s]+)`, 'i').exec(header ?? '');
  return match ? (match[2] ?? match[1]) : undefined;
}

function decodeBytes(bytes: Uint8Array, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function quotedPrintableBytes(text: string, underscoreIsSpace = false): Uint8Array {
  const source = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(source.slice(i + 1, i + 3))) {
      bytes.push(parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (char === '_' && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(...new TextEncoder().encode(char));
    }
  }
  return Uint8Array.from(bytes);
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? decodeBytes(Buffer.from(text, 'base64'), charset)
        : decodeBytes(quotedPrintableBytes(text, true), charset),
    );
}

/** The raw bytes of a part, its transfer encoding undone. */
function bodyBytes(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return Buffer.from(quotedPrintableBytes(part.body));
  return Buffer.from(part.body.replace(/\r?\n$/, ''), 'latin1');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = parameter(part.headers.get('content-type'), 'charset') ?? 'utf-8';
  if (encoding === 'base64')
    return decodeBytes(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return decodeBytes(quotedPrintableBytes(part.body), charset);
  return part.body;
}

type Collected = { text: string; html: string; attachments: Attachment[] };

function collect(part: Part, into: Collected): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = parameter(type, 'boundary');
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collect(splitPart(section.replace(/^\r?\n/, '')), into);
    }
    return;
  }
  const disposition = part.headers.get('content-disposition') ?? '';
  if (/^\s*attachment/i.test(disposition)) {
    const name = parameter(disposition, 'filename') ?? parameter(type, 'name') ?? '';
    into.attachments.push({
      filename: decodeHeader(name),
      contentType: type.split(';')[0]!.trim().toLowerCase(),
      content: bodyBytes(part),
    });
    return;
  }
  if (/^text\/html/i.test(type)) into.html += decodeBody(part);
  else if (/^text\/plain/i.test(type)) into.text += decodeBody(part);
}

const decodeEntities = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#47;/g, '/')
    .replace(/&#x3D;/gi, '=');

export function parseEml(raw: string, file = ''): Mail {
  const message = splitPart(raw);
  const bodies: Collected = { text: '', html: '', attachments: [] };
  collect(message, bodies);
  const date = message.headers.get('date');
  const urls = [
    ...[...bodies.text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((match) => match[0]),
    ...[...bodies.html.matchAll(/href\s*=\s*"(https?:\/\/[^"]+)"/gi)].map((match) =>
      decodeEntities(match[1]!),
    ),
  ];
  return {
    file,
    from: decodeHeader(message.headers.get('from') ?? ''),
    to: decodeHeader(message.headers.get('to') ?? ''),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    date: date ? new Date(date) : null,
    text: bodies.text,
    html: bodies.html,
    links: [...new Set(urls)],
    attachments: bodies.attachments,
  };
}
