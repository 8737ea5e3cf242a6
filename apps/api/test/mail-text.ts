// What a raw message says, for the tests that read the mails the API sent (the file transport's .eml files and
// the in-process SMTP server's messages): its headers and quoted-printable body decoded to text.

/** Quoted-printable (RFC 2045) text decoded as UTF-8; soft line breaks joined. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded. */
export function decodeHeader(value: string): string {
  // Whitespace between two encoded words is not part of the text.
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    );
}

/** A header of a raw message, its folded lines unfolded, encoded words decoded. */
export function headerOf(raw: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return match ? decodeHeader(match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim()) : '';
}
