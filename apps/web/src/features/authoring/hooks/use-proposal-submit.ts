import { useState } from 'react';
import type { Dispatch, FormEvent, SetStateAction } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Submission } from '@hls/contract';
import { notify } from '@/components/ui/notify';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/form-errors';
import { useProposeSubmissionMutation, useResubmitSubmissionMutation } from '../api/authoring-api';
import type { ProposalKind } from '../api/authoring-api';
import { checkFormat, formErrors, proposalForm } from '../proposal-values';
import type { ProposalValues } from '../proposal-values';

type Options = {
  kind: ProposalKind;
  mode: 'new' | 'revise';
  submission: Submission | undefined;
  values: ProposalValues;
  /** Revise mode: the note to the editors sent with the new version. */
  note: string;
  /** A file is still being sent: the proposal waits for it. */
  uploading: boolean;
  draft: { id: string | null; flush: () => Promise<void> };
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  onClose: (() => void) | undefined;
};

/**
 * Sends the proposal for review (or, in revise mode, its next version) once its fields are well formed and the
 * draft is saved; on success tells so and leaves (the author's products, or the revise editor closes), else puts
 * the server's field errors at their fields and says what went wrong above the form.
 */
export function useProposalSubmit({
  kind,
  mode,
  submission,
  values,
  note,
  uploading,
  draft,
  setErrors,
  onClose,
}: Options) {
  const { t } = useTranslation(['authoring', 'toast', 'errors']);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [propose, { isLoading: proposing }] = useProposeSubmissionMutation();
  const [resubmit, { isLoading: resubmitting }] = useResubmitSubmissionMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (uploading) {
      setFormError(t('authoring:form.waitForUpload'));
      return;
    }
    const wrong = checkFormat(values, kind);
    if (Object.keys(wrong).length > 0) {
      setErrors(wrong);
      setFormError(t('authoring:form.fixErrors'));
      return;
    }
    await draft.flush();
    const result =
      mode === 'revise' && submission
        ? await resubmit({ id: submission.id, body: note.trim() ? { note: note.trim() } : {} })
        : await propose({ kind, form: proposalForm(values, kind, draft.id) });
    if ('data' in result && result.data) {
      notify.success(t(kind === 'book' ? 'toast:bookSaved' : 'toast:fileSaved'));
      if (mode === 'revise') onClose?.();
      else navigate(paths.fileBook.getHref());
      return;
    }
    const failure = toApiFailure(result.error);
    const fieldErrors = formErrors(failure.fields);
    setErrors(fieldErrors);
    notify.error(t('toast:operationFailed'), errorText(failure));
    setFormError(Object.keys(fieldErrors).length > 0 ? t('authoring:form.fixErrors') : errorText(failure));
  };

  return { onSubmit, formError, sending: proposing || resubmitting };
}
