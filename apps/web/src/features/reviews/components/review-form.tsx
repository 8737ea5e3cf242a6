import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewBody } from '@hls/contract/reviews';
import { RATING_MAX, REVIEW_TEXT_MAX } from '@hls/contract/values';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError, TextAreaField } from '@/components/ui/field';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useSaveReviewMutation } from '../api/reviews-api';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8z';

/** 1 to 5 stars as a radio group: each star a labelled radio, the chosen ones filled. */
function StarInput({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (rating: number) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('reviews');
  const id = useId();
  return (
    <fieldset
      className={`star-input${error ? ' star-input--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field__label">
        {t('form.rating')}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="star-input__options">
        {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((stars) => (
          <label key={stars} className={`star-input__option${stars <= value ? ' is-on' : ''}`}>
            <input
              type="radio"
              className="visually-hidden"
              name={`${id}-rating`}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
            />
            <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
              <path d={STAR} />
            </svg>
            <span className="visually-hidden">{t('stars', { count: stars })}</span>
          </label>
        ))}
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}

/**
 * Writing or editing the user's review: stars and text, checked with the contract's schema here and by the API.
 * It goes to the editors; `onSaved` once it is sent.
 */
export function ReviewForm({
  productId,
  initial,
  onSaved,
  onCancel,
}: {
  productId: number;
  initial: { rating: number; text: string } | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('reviews');
  const validationText = useValidationText();
  const errorText = useErrorText();
  const [save, { isLoading }] = useSaveReviewMutation();
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [text, setText] = useState(initial?.text ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstError = (fieldErrors: FieldErrors) => {
    const selector = fieldErrors.rating ? 'input[type="radio"]' : fieldErrors.text ? 'textarea' : null;
    if (selector) formRef.current?.querySelector<HTMLElement>(selector)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ReviewBody.safeParse({ rating: rating || undefined, text });
    if (!parsed.success) {
      const fieldErrors = fieldErrorsFromZod(parsed.error);
      setErrors(fieldErrors);
      focusFirstError(fieldErrors);
      return;
    }
    setErrors({});
    const result = await save({ productId, body: parsed.data });
    if ('data' in result && result.data) {
      onSaved();
      return;
    }
    const apiFailure = toApiFailure(result.error);
    const fieldErrors = fieldErrorsFromServer(apiFailure.fields);
    setErrors(fieldErrors);
    if (!Object.keys(fieldErrors).length) setFailure(errorText(apiFailure));
    focusFirstError(fieldErrors);
  };

  return (
    <form
      ref={formRef}
      className="review-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="review-form-title"
    >
      <h3 id="review-form-title" className="my-review__title">
        {t(initial ? 'form.editTitle' : 'form.title')}
      </h3>
      {failure && <Alert tone="error">{failure}</Alert>}
      <StarInput
        value={rating}
        onChange={(stars) => {
          setRating(stars);
          setErrors(({ rating: _, ...rest }) => rest);
        }}
        error={validationText(errors.rating)}
      />
      <TextAreaField
        label={t('form.text')}
        hint={t('form.textHint')}
        name="text"
        required
        rows={5}
        maxLength={REVIEW_TEXT_MAX}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setErrors(({ text: _, ...rest }) => rest);
        }}
        error={validationText(errors.text)}
      />
      <p className="review-form__moderation">{t('form.moderation')}</p>
      <div className="my-review__actions">
        <Button type="submit" busy={isLoading} busyLabel={t('form.sending')}>
          {t('form.submit')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
