/** Inclusive byte range of a file. */
export type ByteRange = { start: number; end: number };

/**
 * What to send for a `Range` header on a file of `size` bytes (RFC 9110 §14): the whole file (no header, a
 * header that is not one single byte range, or an `If-Range` that no longer matches), one range (206), or
 * nothing satisfiable (416).
 */
export function resolveRange(
  header: string | undefined,
  size: number,
  ifRange: string | undefined,
  etag: string,
): { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' } {
  if (!header) return { kind: 'full' };
  // If-Range with a strong validator: the range applies only to the very same bytes (a date never matches a
  // strong ETag here, so it also gets the whole file).
  if (ifRange !== undefined && ifRange.trim() !== etag) return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  // Several ranges, or a header we do not understand: the whole file, as the RFC allows.
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'full' };
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return { kind: 'full' };
  }
  if (!Number.isSafeInteger(start) || start >= size || size === 0) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}

/** `attachment` with the name in ASCII and in UTF-8 (RFC 6266, RFC 8187). */
export function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_')
      .trim() || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return ascii === fileName
    ? `attachment; filename="${ascii}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
