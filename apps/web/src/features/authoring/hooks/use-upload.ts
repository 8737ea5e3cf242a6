import { useCallback, useEffect, useRef, useState } from 'react';
import type { SubmissionFile, UploadSlot } from '@hls/contract';
import { useAppDispatch } from '@/app/hooks';
import { EPUB_CHECK_POLL_MS } from '@/components/epub/use-epub-check-polling';
import { api } from '@/lib/api-client';
import { toApiFailure } from '@/lib/api-error';
import { useGetAuthorSubmissionQuery } from '../api/authoring-api';
import { uploadedFile, uploadSubmissionFile, UploadInterrupted } from '../upload-request';

export type UploadState = {
  phase: 'idle' | 'uploading' | 'done' | 'failed';
  /** Bytes sent and to send, from the browser's upload progress. */
  loaded: number;
  total: number;
  /** The name of the file being sent. */
  name: string | null;
  /** A `validation` code (`upload.tooLarge`…), said by the caller in the page's language. */
  error: string | null;
  /** The stored upload once the server took it (or the one saved before). */
  file: SubmissionFile | null;
};

const idle = (file: SubmissionFile | null): UploadState => ({
  phase: file ? 'done' : 'idle',
  loaded: 0,
  total: 0,
  name: null,
  error: null,
  file,
});

/**
 * One upload slot of a proposal: sends the chosen file to the draft (created first when there is none), tracks
 * the bytes sent, and turns a refusal into its field code.
 */
export function useUpload(
  slot: UploadSlot,
  saved: SubmissionFile | null,
  ensureDraft: () => Promise<string | null>,
) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<UploadState>(() => idle(saved));
  const controller = useRef<AbortController | null>(null);
  const [draftId, setDraftId] = useState<string | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  // An EPUB is checked by a job after its upload: its report is asked for again until it is in.
  const checking = state.file?.epubReport?.status === 'pending' && draftId !== null;
  const { data: draft } = useGetAuthorSubmissionQuery(draftId ?? '', {
    skip: !checking,
    pollingInterval: checking ? EPUB_CHECK_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const checked = checking ? draft?.working.files.find((file) => file.id === state.file?.id) : undefined;
  if (checked && checked.epubReport?.status !== 'pending') {
    setState((current) => (current.file?.id === checked.id ? { ...current, file: checked } : current));
  }

  const send = useCallback(
    async (file: File, fields: Record<string, string> = {}): Promise<boolean> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState((current) => ({
        ...current,
        phase: 'uploading',
        loaded: 0,
        total: file.size,
        name: file.name,
        error: null,
      }));
      const submissionId = await ensureDraft();
      setDraftId(submissionId);
      if (!submissionId) {
        setState((current) => ({ ...current, phase: 'failed', error: 'upload.failed' }));
        return false;
      }
      try {
        const answer = await uploadSubmissionFile({
          submissionId,
          slot,
          file,
          fields,
          signal: abort.signal,
          dispatch,
          onProgress: (loaded, total) => setState((current) => ({ ...current, loaded, total })),
        });
        if (answer.status >= 200 && answer.status < 300) {
          const stored = uploadedFile(answer.body, slot);
          setState((current) => ({
            ...current,
            phase: 'done',
            loaded: current.total,
            file: stored ?? current.file,
          }));
          dispatch(api.util.invalidateTags([{ type: 'AuthorSubmission' as never, id: 'LIST' }]));
          return true;
        }
        const failure = toApiFailure({ status: answer.status, data: answer.body });
        const code = failure.fields[slot] ?? failure.fields.file ?? Object.values(failure.fields)[0] ?? null;
        setState((current) => ({
          ...current,
          phase: 'failed',
          error: code ?? (answer.status === 413 ? 'upload.tooLarge' : 'upload.failed'),
        }));
        return false;
      } catch (error) {
        if (error instanceof UploadInterrupted && error.aborted) return false;
        setState((current) => ({ ...current, phase: 'failed', error: 'upload.failed' }));
        return false;
      }
    },
    [dispatch, ensureDraft, slot],
  );

  /** Forgets the upload's state (after the server removed it, or to show the saved one again). */
  const reset = useCallback((file: SubmissionFile | null) => setState(idle(file)), []);

  return { state, send, reset };
}
