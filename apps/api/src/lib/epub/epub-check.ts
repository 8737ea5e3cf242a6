import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EpubReport } from '@hls/contract';
import { runAce } from './ace.ts';
import { EpubUnreadableError, readEpub } from './epub-archive.ts';
import { readEpubMetadata } from './epub-metadata.ts';
import { runEpubcheck } from './epubcheck.ts';

export type EpubCheckSettings = { epubcheckJar: string; chromiumPath: string | null };

/** An uploaded EPUB's report before its check ran. */
export const pendingEpubReport: EpubReport = {
  status: 'pending',
  checkedAt: null,
  blocking: false,
  epubcheck: null,
  ace: null,
  metadata: null,
};

/**
 * Checks an EPUB: epubcheck (its errors block publication), then DAISY's Ace (accessibility issues to fix), and
 * reads its package document's metadata. The tools run one after the other on a temporary copy, removed after.
 * A missing tool shows as `unavailable` in the report; nothing here throws for what the EPUB holds.
 */
export async function checkEpub(bytes: Uint8Array, settings: EpubCheckSettings): Promise<EpubReport> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hls-epub-'));
  try {
    const file = path.join(dir, 'book.epub');
    await writeFile(file, bytes);
    const epubcheck = await runEpubcheck(file, { jar: settings.epubcheckJar });
    const ace = await runAce(file, dir, settings.chromiumPath);
    let metadata: EpubReport['metadata'] = null;
    try {
      const { opf } = readEpub(bytes);
      metadata = readEpubMetadata(opf);
    } catch (error) {
      if (!(error instanceof EpubUnreadableError)) throw error;
    }
    return {
      status: 'done',
      checkedAt: new Date().toISOString(),
      // An EPUB whose package cannot even be read is blocked whatever the tools could say.
      blocking: epubcheck.errors > 0 || metadata === null,
      epubcheck,
      ace,
      metadata,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
