import type { ProductSummary } from '@hls/contract';

const ROW_LENGTH = 8;

/** Books and files taken in turn, so a row shows both sections. */
export function interleave(a: ProductSummary[], b: ProductSummary[], length = ROW_LENGTH): ProductSummary[] {
  const out: ProductSummary[] = [];
  for (let i = 0; out.length < length && (i < a.length || i < b.length); i += 1) {
    const first = a[i];
    const second = b[i];
    if (first) out.push(first);
    if (second && out.length < length) out.push(second);
  }
  return out;
}
