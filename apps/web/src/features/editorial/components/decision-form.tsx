import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { VERSION_NOTE_MAX } from '@hls/contract/file-versions';
import { reviewDecisions } from '@hls/contract/values';
import type { ReviewDecision, ReviewSubmission } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { paths } from '@/config/paths';
import { useAppLanguage } from '@/i18n/use-app-language';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import {
  useDecideSubmissionMutation,
  useGetEditorialCategoriesQuery,
  useGetEditorialSubcategoriesQuery,
} from '../api/editorial-api';
import { decisionBody, decisionDefaults, publishFields } from '../decision-values';
import type { DecisionForm as FormValues } from '../decision-values';
import { useFieldText } from '../use-field-text';
import { CommentField } from './comment-field';
import type { DecisionNotice } from './queue-view';

/** Publish (with the final prices, discount, category, stock), request changes or reject — with a comment. */
export function DecisionForm({ submission }: { submission: ReviewSubmission }) {
  const { t } = useTranslation('editorial');
  const lang = useAppLanguage();
  const ids = useId();
  const navigate = useNavigate();
  const fieldText = useFieldText();
  const errorText = useErrorText();
  const [decide, { isLoading }] = useDecideSubmissionMutation();
  const [values, setValues] = useState<FormValues>(() => decisionDefaults(submission, lang));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const applies = publishFields(submission);
  const publishing = values.decision === 'publish';
  const { data: categories = [] } = useGetEditorialCategoriesQuery(
    publishing ? { section: submission.section } : skipToken,
  );
  const { data: subcategories = [] } = useGetEditorialSubcategoriesQuery(
    publishing && values.categoryId
      ? { section: submission.section, category: Number(values.categoryId) }
      : skipToken,
  );

  const set = <K extends keyof FormValues>(name: K, value: FormValues[K]) =>
    setValues((current) => ({
      ...current,
      [name]: value,
      // Another category: its subcategories differ.
      ...(name === 'categoryId' ? { subcategoryId: '' } : {}),
    }));
  const text = (name: 'paperPrice' | 'ebookPrice' | 'price' | 'discount' | 'stock', errorKey: string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    error: fieldText(errors[errorKey]),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setFormError(null);
    const result = decisionBody(values, submission);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const answer = await decide({ id: submission.id, body: result.body });
    if (!('error' in answer) || answer.error === undefined) {
      const decision = values.decision as ReviewDecision;
      notify.success(t(`decision.done.${decision}`, { title: submission.title }));
      const notice: DecisionNotice = { title: submission.title, decision };
      void navigate(paths.backOfficeEditorial.getHref(), { state: { decided: notice } });
      return;
    }
    const failure = toApiFailure(answer.error);
    const serverErrors = fieldErrorsFromServer(failure.fields);
    setErrors(serverErrors);
    notify.error(t('decision.failed'), errorText(failure));
    if (Object.keys(serverErrors).length === 0) setFormError(errorText(failure));
  };

  const submitLabel = values.decision ? t(`decision.submit.${values.decision}`) : t('decision.submit.none');
  return (
    <form
      className="form bo-action ed-decision"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${ids}-title`}
    >
      <h3 id={`${ids}-title`} className="bo-action__title">
        {t('decision.title')}
      </h3>
      <p className="bo-action__intro">{t('decision.intro')}</p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <fieldset
        className={`ed-choice${errors.decision ? ' ed-choice--invalid' : ''}`}
        aria-describedby={errors.decision ? `${ids}-decision-error` : undefined}
      >
        <legend>
          {t('decision.legend')}
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        {reviewDecisions.map((decision) => (
          <label key={decision} className="radio ed-choice__option">
            <input
              type="radio"
              name="decision"
              value={decision}
              checked={values.decision === decision}
              onChange={() => set('decision', decision)}
            />
            <span>
              <span className="ed-choice__name">{t(`decision.options.${decision}`)}</span>
              <span className="ed-choice__hint">{t(`decision.hints.${decision}`)}</span>
            </span>
          </label>
        ))}
        {errors.decision && (
          <p className="field__error" id={`${ids}-decision-error`}>
            {fieldText(errors.decision)}
          </p>
        )}
      </fieldset>

      {publishing && (
        <fieldset className="ed-publish">
          <legend>{t('decision.publication')}</legend>
          <p className="ed-muted">{t('decision.publicationHint')}</p>
          <div className="form__grid">
            {applies.paperPrice && (
              <TextField
                label={t('decision.paperPrice')}
                inputMode="decimal"
                autoComplete="off"
                {...text('paperPrice', 'paperPriceCents')}
              />
            )}
            {applies.ebookPrice && (
              <TextField
                label={t('decision.ebookPrice')}
                inputMode="decimal"
                autoComplete="off"
                {...text('ebookPrice', 'ebookPriceCents')}
              />
            )}
            {applies.price && (
              <TextField
                label={t('decision.price')}
                inputMode="decimal"
                autoComplete="off"
                {...text('price', 'priceCents')}
              />
            )}
            {applies.discount && (
              <TextField
                label={t('decision.discount')}
                type="number"
                min={0}
                max={90}
                step={1}
                inputMode="numeric"
                {...text('discount', 'discountPercent')}
              />
            )}
            {applies.stock && (
              <TextField
                label={t('decision.stock')}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                required
                hint={t('decision.stockHint')}
                {...text('stock', 'stock')}
              />
            )}
            <SelectField
              label={t('decision.category')}
              name="categoryId"
              value={values.categoryId}
              error={fieldText(errors.categoryId)}
              onChange={(event) => set('categoryId', event.target.value)}
              options={[
                ...(values.categoryId && !categories.some((c) => String(c.id) === values.categoryId)
                  ? [{ value: values.categoryId, label: t('decision.authorsChoice') }]
                  : []),
                ...(values.categoryId ? [] : [{ value: '', label: t('decision.chooseCategory') }]),
                ...categories.map((c) => ({ value: String(c.id), label: c.name[lang] })),
              ]}
            />
            <SelectField
              label={t('decision.subcategory')}
              name="subcategoryId"
              value={values.subcategoryId}
              error={fieldText(errors.subcategoryId)}
              onChange={(event) => set('subcategoryId', event.target.value)}
              options={[
                { value: '', label: t('decision.noSubcategory') },
                ...(values.subcategoryId && !subcategories.some((c) => String(c.id) === values.subcategoryId)
                  ? [{ value: values.subcategoryId, label: t('decision.authorsChoice') }]
                  : []),
                ...subcategories.map((c) => ({ value: String(c.id), label: c.name[lang] })),
              ]}
            />
          </div>
          {applies.confidentiality && (
            <div
              className={`ed-confidential${errors.confidentialityChecked ? ' ed-confidential--invalid' : ''}`}
            >
              <Checkbox
                label={t('decision.confidentiality')}
                name="confidentialityChecked"
                checked={values.confidentialityChecked}
                aria-invalid={errors.confidentialityChecked ? true : undefined}
                description={
                  errors.confidentialityChecked
                    ? fieldText(errors.confidentialityChecked)
                    : t('decision.confidentialityHint')
                }
                onChange={(event) => set('confidentialityChecked', event.target.checked)}
              />
            </div>
          )}
          {applies.versionNote && (
            <TextAreaField
              label={t('decision.versionNote')}
              hint={t('decision.versionNoteHint')}
              rows={2}
              maxLength={VERSION_NOTE_MAX}
              name="versionNote"
              value={values.versionNote}
              error={fieldText(errors.versionNote)}
              onChange={(event) => set('versionNote', event.target.value)}
            />
          )}
        </fieldset>
      )}

      <CommentField
        label={t('decision.comment')}
        hint={t('decision.commentHint')}
        rows={4}
        value={values.comment}
        error={errors.comment}
        onChange={(comment) => set('comment', comment)}
      />
      <div className="form__actions">
        <Button
          type="submit"
          variant={values.decision === 'reject' ? 'danger' : 'primary'}
          busy={isLoading}
          busyLabel={t('decision.sending')}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
