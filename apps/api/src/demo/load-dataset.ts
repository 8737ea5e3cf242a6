import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * A file of the demo data set (dataset/*.json), checked against its schema when the demo is loaded: a bad edit (a
 * missing field, a typo in a key, an unknown category, author or product) stops the seed with the file and the
 * path of every problem.
 */
export function loadDataset<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  const url = new URL(`./dataset/${file}`, import.meta.url);
  const parsed = schema.safeParse(JSON.parse(readFileSync(url, 'utf8')));
  if (!parsed.success) throw new Error(`demo data set ${file}:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
