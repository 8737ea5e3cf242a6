import { useCallback, useEffect, useRef, useState } from 'react';
import type { Section, SubmissionDraftBody } from '@hls/contract';
import { useCreateSubmissionDraftMutation, useSaveSubmissionDraftMutation } from '../api/authoring-api';
import type { ProposalKind } from '../api/authoring-api';

/** How long typing may pause before the working copy is saved. */
export const DRAFT_SAVE_DELAY_MS = 800;

export type DraftStatus = 'idle' | 'saving' | 'saved' | 'failed';

type Options = {
  kind: ProposalKind;
  /** The submission being continued (a draft) or revised; none for a new proposal. */
  initialId: string | null;
  /** Called once the server created the draft (the screen puts its id in the address). */
  onCreated?: (id: string) => void;
};

/**
 * The proposal's copy on the server: created at the first change (POST /api/submissions), then saved a moment
 * after each change (PATCH /api/submissions/{id}); `flush` saves what is pending at once (before a submit).
 */
export function useProposalDraft({ kind, initialId, onCreated }: Options) {
  const [createDraft] = useCreateSubmissionDraftMutation();
  const [saveDraft] = useSaveSubmissionDraftMutation();
  const [id, setId] = useState<string | null>(initialId);
  const [status, setStatus] = useState<DraftStatus>('idle');
  const idRef = useRef<string | null>(initialId);
  const creating = useRef<Promise<string | null> | null>(null);
  const pending = useRef<{ body: SubmissionDraftBody; section: Section } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saving = useRef<Promise<void>>(Promise.resolve());
  const onCreatedRef = useRef(onCreated);
  useEffect(() => {
    onCreatedRef.current = onCreated;
  });

  /** The draft's id, creating it with `body` when there is none yet (once, however many callers ask). */
  const ensure = useCallback(
    (section: Section, body: SubmissionDraftBody = {}): Promise<string | null> => {
      if (idRef.current) return Promise.resolve(idRef.current);
      creating.current ??= (async () => {
        setStatus('saving');
        const result = await createDraft({ ...body, kind, section });
        if (!result.data) {
          creating.current = null;
          setStatus('failed');
          return null;
        }
        idRef.current = result.data.id;
        setId(result.data.id);
        setStatus('saved');
        onCreatedRef.current?.(result.data.id);
        return result.data.id;
      })();
      return creating.current;
    },
    [createDraft, kind],
  );

  const saveNow = useCallback((): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    if (!next) return saving.current;
    pending.current = null;
    const { body, section } = next;
    saving.current = saving.current.then(async () => {
      // The first change creates the draft with its fields; an upload may have created it already.
      if (!idRef.current && !creating.current) {
        await ensure(section, body);
        return;
      }
      const draftId = await ensure(section);
      if (!draftId) return;
      setStatus('saving');
      const result = await saveDraft({ id: draftId, body });
      setStatus('error' in result && result.error !== undefined ? 'failed' : 'saved');
    });
    return saving.current;
  }, [ensure, saveDraft]);

  /** Records a change: the first one creates the draft at once, later ones are saved after a pause. */
  const change = useCallback(
    (body: SubmissionDraftBody, section: Section) => {
      pending.current = { body, section };
      if (!idRef.current && !creating.current) {
        void saveNow();
        return;
      }
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void saveNow(), DRAFT_SAVE_DELAY_MS);
    },
    [saveNow],
  );

  // Leaving the screen saves what was typed last.
  useEffect(
    () => () => {
      if (timer.current) void saveNow();
    },
    [saveNow],
  );

  return { id, status, ensure, change, flush: saveNow };
}
