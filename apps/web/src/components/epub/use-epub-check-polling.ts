import { useState } from 'react';
import type { Submission } from '@hls/contract';

/** How often a page showing an EPUB still being checked asks for its report again. */
export const EPUB_CHECK_POLL_MS = 4000;

/** An uploaded EPUB of the working copy or of a version still waits for its check (a job after the upload). */
export function epubCheckPending(submission: Pick<Submission, 'working' | 'history'> | undefined): boolean {
  if (!submission) return false;
  return [submission.working, ...submission.history.map((version) => version.values)].some((values) =>
    values.files.some((file) => file.epubReport?.status === 'pending'),
  );
}

/**
 * The query options that make a proposal's page ask again while one of its EPUBs is being checked, so that the
 * report appears by itself; `seen` is called with each answer.
 */
export function useEpubCheckPolling() {
  const [pending, setPending] = useState(false);
  return {
    options: { pollingInterval: pending ? EPUB_CHECK_POLL_MS : 0, skipPollingIfUnfocused: true },
    seen(submission: Pick<Submission, 'working' | 'history'> | undefined) {
      const now = epubCheckPending(submission);
      if (now !== pending) setPending(now);
    },
  };
}
