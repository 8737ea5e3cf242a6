import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UnpublishBody } from '@hls/contract';
import type { ReviewSubmission } from '@hls/contract';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import { useUnpublishSubmissionMutation } from '../api/editorial-api';
import { CommentField } from './comment-field';
import type { DecisionNotice } from './queue-view';

/** Takes a published product out of the catalogue (the author asked, or the editors decide), with a comment. */
export function UnpublishForm({ submission }: { submission: ReviewSubmission }) {
  const { t } = useTranslation('editorial');
  const ids = useId();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [unpublish, { isLoading }] = useUnpublishSubmissionMutation();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const parsed = UnpublishBody.safeParse({ comment });
    if (!parsed.success) {
      setError(fieldErrorsFromZod(parsed.error).comment);
      return;
    }
    setError(undefined);
    const result = await unpublish({ id: submission.id, body: parsed.data });
    if (!('error' in result) || result.error === undefined) {
      notify.success(t('unpublish.done', { title: submission.title }));
      const notice: DecisionNotice = { title: submission.title, decision: 'unpublish' };
      void navigate(paths.backOfficeEditorial.getHref(), { state: { decided: notice } });
      return;
    }
    const failure = toApiFailure(result.error);
    setError(fieldErrorsFromServer(failure.fields).comment);
    notify.error(t('unpublish.failed'), errorText(failure));
  };

  return (
    <form className="form bo-action" noValidate onSubmit={onSubmit} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="bo-action__title">
        {t('unpublish.title')}
      </h3>
      <p className="bo-action__intro">
        {submission.unpublishRequested ? t('unpublish.requested') : t('unpublish.intro')}
      </p>
      <CommentField
        label={t('unpublish.comment')}
        hint={t('decision.commentHint')}
        rows={3}
        value={comment}
        error={error}
        onChange={setComment}
      />
      <div className="form__actions">
        <Button type="submit" variant="danger" busy={isLoading} busyLabel={t('unpublish.sending')}>
          {t('unpublish.submit')}
        </Button>
      </div>
    </form>
  );
}
