import { useMemo, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fileTypes, languages, licences, publishingRights } from '@hls/contract';
import type { Section, Submission, SubmissionFile, UploadSlot } from '@hls/contract';
import { archiveParts, softwareApps, usageLicences } from '@hls/contract/values';
import type { FileType, SoftwareApp } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/form-errors';
import {
  useGetAuthorProductsQuery,
  useGetProposalCategoriesQuery,
  useGetProposalSubcategoriesQuery,
  useProposeSubmissionMutation,
  useResubmitSubmissionMutation,
} from '../api/authoring-api';
import type { FileSection, PriceQuoteArgs, ProposalKind } from '../api/authoring-api';
import { useProposalDraft } from '../hooks/use-proposal-draft';
import { useUpload } from '../hooks/use-upload';
import {
  checkFormat,
  draftBody,
  emptyValues,
  formErrors,
  parseEuros,
  proposalForm,
  valuesFromWorking,
} from '../proposal-values';
import type { ProposalValues } from '../proposal-values';
import { acceptedCover, acceptedFiles, acceptedManuscript } from '../labels';
import { RoyaltyQuote } from './royalty-quote';
import { UploadField } from './upload-field';

type ProposalFormProps = {
  kind: ProposalKind;
  /** `new`: a proposal (or a draft being continued) sent for review; `revise`: the next version of one. */
  mode: 'new' | 'revise';
  /** The draft being continued, or the submission being revised. */
  submission?: Submission | undefined;
  /** Revise mode: called after the new version was sent, or to give up editing. */
  onClose?: () => void;
  /** New mode: the draft got its id (the screen keeps it in the address, so a reload continues it). */
  onDraftCreated?: (id: string) => void;
};

const fileOf = (submission: Submission | undefined, slot: UploadSlot): SubmissionFile | null =>
  submission?.working.files.find((file) => file.slot === slot) ?? null;

/** The software a file of each type usually opens in (any the author already chose is offered too). */
const softwareByType: Record<FileType, readonly SoftwareApp[]> = {
  excel: ['excel', 'excel_mac', 'libreoffice_calc', 'google_sheets'],
  word: ['word', 'libreoffice_writer'],
  powerpoint: ['powerpoint', 'keynote', 'libreoffice_impress'],
  powerbi: ['powerbi_desktop', 'excel'],
  publisher: ['publisher'],
  access: ['access'],
  pdf: ['pdf_reader'],
  package: softwareApps,
};
/** Types delivered as a ZIP archive, whose parts the author names. */
const archiveTypes = new Set<FileType>(['package', 'powerbi', 'access', 'publisher']);

function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  disabled,
  hint,
}: {
  legend: string;
  name: string;
  value: T | '';
  options: { value: T; label: string; description?: string }[];
  onChange: (value: T) => void;
  error?: string | undefined;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  return (
    <fieldset
      className={`choice-group${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className="field__label">
        {legend}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      {hint && <p className="field__hint">{hint}</p>}
      {options.map((option) => (
        <label key={option.value} className="choice">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={disabled}
            onChange={() => onChange(option.value)}
          />
          <span>
            <span className="choice__label">{option.label}</span>
            {option.description && <span className="choice__description">{option.description}</span>}
          </span>
        </label>
      ))}
      {error && <FieldError id={`${name}-error`}>{error}</FieldError>}
    </fieldset>
  );
}

/**
 * The proposal of a book or a file (SPEC §2, §7): its fields, cover and manuscript or file, saved as a draft on
 * the server while it is written, with the royalty a price earns; sent for review, or as the next version of a
 * proposal the editors asked changes to.
 */
export function ProposalForm({ kind, mode, submission, onClose, onDraftCreated }: ProposalFormProps) {
  const { t, i18n } = useTranslation(['authoring', 'catalog', 'toast', 'errors']);
  const validationText = useValidationText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const language = i18n.language.startsWith('en') ? 'en' : 'fr';
  const [values, setValues] = useState<ProposalValues>(() =>
    submission
      ? valuesFromWorking(
          submission.working,
          submission.section === 'academic' ? 'academic' : 'professional',
          language,
        )
      : emptyValues(),
  );
  // A new file proposal starts by choosing its section, which is fixed once the draft exists.
  const [sectionChosen, setSectionChosen] = useState(kind === 'book' || submission !== undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [propose, { isLoading: proposing }] = useProposeSubmissionMutation();
  const [resubmit, { isLoading: resubmitting }] = useResubmitSubmissionMutation();
  const draft = useProposalDraft({
    kind,
    initialId: submission?.id ?? null,
    ...(onDraftCreated ? { onCreated: onDraftCreated } : {}),
  });
  const section: Section = kind === 'book' ? 'book' : values.section;
  const ensureDraft = () => draft.ensure(section, draftBody(values, kind));
  const cover = useUpload('cover', fileOf(submission, 'cover'), ensureDraft);
  const mainSlot: UploadSlot = kind === 'book' ? 'manuscript' : 'file';
  const main = useUpload(mainSlot, fileOf(submission, mainSlot), ensureDraft);
  // The declared type the server holds with the uploaded file: changing it needs a file of the new type.
  const [uploadedType, setUploadedType] = useState(submission?.working.fileType ?? null);
  const typeNeedsFile =
    kind === 'file' && main.state.file !== null && values.fileType !== '' && values.fileType !== uploadedType;

  /** The draft's fields to save: a new declared type waits for its file (the server refuses it alone). */
  const savable = (next: ProposalValues) => {
    const body = draftBody(next, kind) as Record<string, unknown>;
    if (kind === 'file' && main.state.file !== null && next.fileType !== uploadedType) delete body.fileType;
    return body;
  };

  const { data: categories = [] } = useGetProposalCategoriesQuery(section, { skip: !sectionChosen });
  const categoryId = Number(values.categoryId);
  const { data: subcategories = [] } = useGetProposalSubcategoriesQuery(
    { section, category: categoryId },
    { skip: !sectionChosen || !values.categoryId },
  );

  const update = (patch: Partial<ProposalValues>) => {
    const next = { ...values, ...patch };
    if (patch.categoryId !== undefined && patch.categoryId !== values.categoryId) next.subcategoryId = '';
    setValues(next);
    setErrors((current) => {
      const rest = { ...current };
      for (const name of Object.keys(patch)) delete rest[name];
      if (patch.paper !== undefined || patch.ebook !== undefined) delete rest.editions;
      return rest;
    });
    draft.change(savable(next), kind === 'file' ? next.section : 'book');
  };

  const { data: ownProducts } = useGetAuthorProductsQuery(kind);
  const twinOptions = (ownProducts?.results ?? []).filter(
    (product) =>
      product.productId !== null &&
      product.status === 'published' &&
      product.id !== submission?.id &&
      (values.language === '' || product.language !== values.language),
  );
  const offeredSoftware = softwareApps.filter(
    (app) =>
      (values.fileType === '' ? softwareApps : softwareByType[values.fileType]).includes(app) ||
      values.software.some((chosen) => chosen.app === app),
  );
  const toggleSoftware = (app: SoftwareApp, on: boolean) =>
    update({
      software: on
        ? [...values.software, { app, version: '' }]
        : values.software.filter((chosen) => chosen.app !== app),
    });
  const setVersion = (app: SoftwareApp, version: string) =>
    update({ software: values.software.map((chosen) => (chosen.app === app ? { app, version } : chosen)) });

  const text = (
    name:
      | 'title'
      | 'isbn'
      | 'pages'
      | 'paperPrice'
      | 'ebookPrice'
      | 'price'
      | 'publisher'
      | 'publicationDate'
      | 'sheets'
      | 'slides',
  ) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => update({ [name]: event.target.value }),
    error: validationText(errors[name]),
  });

  const name = (localized: { fr: string; en: string }) => localized[language];
  const categoryOptions = useMemo(
    () => [
      { value: '', label: t('authoring:form.chooseCategory') },
      ...categories.map((category) => ({ value: String(category.id), label: name(category.name) })),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [categories, language, t],
  );

  const quote = (priceText: string, args: (cents: number) => PriceQuoteArgs): PriceQuoteArgs | null => {
    const cents = parseEuros(priceText);
    return cents !== null && Number.isInteger(cents) && cents > 0 && cents <= 10_000_000 ? args(cents) : null;
  };

  const uploading = cover.state.phase === 'uploading' || main.state.phase === 'uploading';
  const academic = kind === 'file' && values.section === 'academic';

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

  const draftStatus =
    draft.status === 'saving'
      ? t('authoring:draft.saving')
      : draft.status === 'saved'
        ? t('authoring:draft.saved')
        : draft.status === 'failed'
          ? t('authoring:draft.failed')
          : draft.id
            ? t('authoring:draft.continued')
            : t('authoring:draft.idle');

  const headingId = `proposal-${kind}-${mode}`;
  return (
    <form className="form proposal-form" noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
      <h2 id={headingId} className="form__title">
        {mode === 'revise'
          ? t('authoring:form.reviseTitle')
          : t(kind === 'book' ? 'authoring:form.bookTitle' : 'authoring:form.fileTitle')}
      </h2>
      <p className="form__intro">
        {mode === 'revise' ? t('authoring:form.reviseIntro') : t('authoring:form.intro')}{' '}
        {mode === 'new' && <Link to={paths.publish.getHref()}>{t('authoring:form.guide')}</Link>}
      </p>
      {formError && <Alert tone="error">{formError}</Alert>}

      {kind === 'file' && (
        <RadioGroup<FileSection>
          legend={t('authoring:fields.section')}
          name="section"
          value={sectionChosen ? values.section : ''}
          disabled={draft.id !== null}
          hint={draft.id !== null ? t('authoring:fields.sectionFixed') : t('authoring:fields.sectionHint')}
          options={[
            {
              value: 'academic',
              label: t('authoring:sections.academic'),
              description: t('authoring:sections.academicHint'),
            },
            {
              value: 'professional',
              label: t('authoring:sections.professional'),
              description: t('authoring:sections.professionalHint'),
            },
          ]}
          onChange={(chosen) => {
            // Choosing alone creates no draft: the first field typed does, with the section chosen then.
            setSectionChosen(true);
            setValues((current) => ({
              ...current,
              section: chosen,
              ...(chosen === 'academic' ? { price: '' } : {}),
            }));
          }}
          error={validationText(errors.section)}
        />
      )}

      {sectionChosen && (
        <>
          <section className="proposal-form__group" aria-labelledby={`${headingId}-about`}>
            <h3 id={`${headingId}-about`} className="proposal-form__subtitle">
              {t('authoring:form.about')}
            </h3>
            <TextField label={t('authoring:fields.title')} required maxLength={200} {...text('title')} />
            <TextAreaField
              label={t('authoring:fields.description')}
              name="description"
              required
              rows={6}
              maxLength={5000}
              hint={t('authoring:fields.descriptionHint')}
              value={values.description}
              onChange={(event) => update({ description: event.target.value })}
              error={validationText(errors.description)}
            />
            <div className="form__grid">
              <SelectField
                label={t('authoring:fields.language')}
                name="language"
                required
                value={values.language}
                onChange={(event) =>
                  update({ language: event.target.value === '' ? '' : (event.target.value as 'fr' | 'en') })
                }
                options={[
                  { value: '', label: t('authoring:form.chooseLanguage') },
                  ...languages.map((code) => ({ value: code, label: t(`catalog:languages.${code}`) })),
                ]}
                error={validationText(errors.language)}
              />
              {kind === 'file' && (
                <SelectField
                  label={t('authoring:fields.fileType')}
                  name="fileType"
                  required
                  value={values.fileType}
                  onChange={(event) => update({ fileType: event.target.value as ProposalValues['fileType'] })}
                  options={[
                    { value: '', label: t('authoring:form.chooseFileType') },
                    ...fileTypes.map((type) => ({ value: type, label: t(`catalog:fileTypes.${type}`) })),
                  ]}
                  error={validationText(errors.fileType)}
                />
              )}
            </div>
            <div className="form__grid">
              <SelectField
                label={t('authoring:fields.category')}
                name="categoryId"
                required
                value={values.categoryId}
                onChange={(event) => update({ categoryId: event.target.value })}
                options={categoryOptions}
                error={validationText(errors.categoryId)}
              />
              <SelectField
                label={t('authoring:fields.subcategory')}
                name="subcategoryId"
                value={values.subcategoryId}
                disabled={!values.categoryId || subcategories.length === 0}
                onChange={(event) => update({ subcategoryId: event.target.value })}
                options={[
                  { value: '', label: t('authoring:form.noSubcategory') },
                  ...subcategories.map((sub) => ({ value: String(sub.id), label: name(sub.name) })),
                ]}
                error={validationText(errors.subcategoryId)}
              />
            </div>
            <SelectField
              label={t('authoring:fields.twin')}
              name="twinProductId"
              hint={t('authoring:fields.twinHint')}
              value={values.twinProductId}
              disabled={twinOptions.length === 0 && values.twinProductId === ''}
              onChange={(event) => update({ twinProductId: event.target.value })}
              options={[
                { value: '', label: t('authoring:form.noTwin') },
                ...twinOptions.map((product) => ({
                  value: String(product.productId),
                  label: product.language
                    ? `${product.title} (${t(`catalog:languages.${product.language}`)})`
                    : product.title,
                })),
              ]}
              error={validationText(errors.twinProductId)}
            />
          </section>

          {kind === 'book' ? (
            <section className="proposal-form__group" aria-labelledby={`${headingId}-editions`}>
              <h3 id={`${headingId}-editions`} className="proposal-form__subtitle">
                {t('authoring:form.editions')}
              </h3>
              <fieldset
                className={`proposal-editions${errors.editions ? ' field--invalid' : ''}`}
                aria-describedby={errors.editions ? 'editions-error' : 'editions-hint'}
              >
                <legend className="field__label">{t('authoring:fields.editions')}</legend>
                <p className="field__hint" id="editions-hint">
                  {t('authoring:fields.editionsHint')}
                </p>
                <div className="proposal-edition">
                  <Checkbox
                    label={t('authoring:fields.paper')}
                    checked={values.paper}
                    onChange={(event) => update({ paper: event.target.checked })}
                  />
                  {values.paper && (
                    <div className="proposal-edition__price">
                      <TextField
                        label={t('authoring:fields.paperPrice')}
                        inputMode="decimal"
                        autoComplete="off"
                        required
                        {...text('paperPrice')}
                      />
                      <RoyaltyQuote
                        args={quote(values.paperPrice, (priceCents) => ({
                          kind: 'book',
                          format: 'paper',
                          priceCents,
                        }))}
                      />
                    </div>
                  )}
                </div>
                <div className="proposal-edition">
                  <Checkbox
                    label={t('authoring:fields.ebook')}
                    checked={values.ebook}
                    onChange={(event) => update({ ebook: event.target.checked })}
                  />
                  {values.ebook && (
                    <div className="proposal-edition__price">
                      <TextField
                        label={t('authoring:fields.ebookPrice')}
                        inputMode="decimal"
                        autoComplete="off"
                        required
                        {...text('ebookPrice')}
                      />
                      <RoyaltyQuote
                        args={quote(values.ebookPrice, (priceCents) => ({
                          kind: 'book',
                          format: 'ebook',
                          priceCents,
                        }))}
                      />
                    </div>
                  )}
                </div>
                {errors.editions && (
                  <FieldError id="editions-error">{validationText(errors.editions)}</FieldError>
                )}
              </fieldset>
              <div className="form__grid">
                <TextField
                  label={t('authoring:fields.isbn')}
                  hint={t('authoring:fields.isbnHint')}
                  autoComplete="off"
                  {...text('isbn')}
                />
                <TextField
                  label={t('authoring:fields.pages')}
                  inputMode="numeric"
                  autoComplete="off"
                  {...text('pages')}
                />
              </div>
              <div className="form__grid">
                <TextField
                  label={t('authoring:fields.publisher')}
                  hint={t('authoring:fields.publisherHint')}
                  maxLength={120}
                  autoComplete="organization"
                  {...text('publisher')}
                />
                <TextField
                  label={t('authoring:fields.publicationDate')}
                  type="date"
                  max={new Date().toISOString().slice(0, 10)}
                  {...text('publicationDate')}
                />
              </div>
            </section>
          ) : academic ? (
            <section className="proposal-form__group" aria-labelledby={`${headingId}-rights`}>
              <h3 id={`${headingId}-rights`} className="proposal-form__subtitle">
                {t('authoring:form.rights')}
              </h3>
              <p className="proposal-form__note">{t('authoring:form.academicFree')}</p>
              <RadioGroup
                legend={t('authoring:fields.rights')}
                name="rights"
                value={values.rights}
                options={publishingRights.map((right) => ({
                  value: right,
                  label: t(`authoring:rights.${right}`),
                }))}
                onChange={(right) => update({ rights: right })}
                error={validationText(errors.rights)}
              />
              <Checkbox
                label={t('authoring:fields.confidential')}
                description={t('authoring:fields.confidentialHint')}
                checked={values.confidential}
                onChange={(event) => update({ confidential: event.target.checked })}
              />
              <RadioGroup
                legend={t('authoring:fields.licence')}
                name="licence"
                value={values.licence}
                options={licences.map((licence) => ({
                  value: licence,
                  label: t(`authoring:licences.${licence}`),
                  description: t(`authoring:licences.${licence}Hint`),
                }))}
                onChange={(licence) => update({ licence })}
                error={validationText(errors.licence)}
              />
            </section>
          ) : (
            <section className="proposal-form__group" aria-labelledby={`${headingId}-price`}>
              <h3 id={`${headingId}-price`} className="proposal-form__subtitle">
                {t('authoring:form.price')}
              </h3>
              <TextField
                label={t('authoring:fields.price')}
                hint={t('authoring:fields.priceHint')}
                inputMode="decimal"
                autoComplete="off"
                required
                {...text('price')}
              />
              <RoyaltyQuote
                args={quote(values.price, (priceCents) => ({
                  kind: 'file',
                  section: 'professional',
                  priceCents,
                }))}
              />
            </section>
          )}

          {kind === 'file' && (
            <section className="proposal-form__group" aria-labelledby={`${headingId}-contents`}>
              <h3 id={`${headingId}-contents`} className="proposal-form__subtitle">
                {t('authoring:form.contents')}
              </h3>
              <p className="proposal-form__note">{t('authoring:form.contentsIntro')}</p>
              <div className="form__grid form__grid--3">
                <TextField
                  label={t('authoring:fields.pages')}
                  inputMode="numeric"
                  autoComplete="off"
                  {...text('pages')}
                />
                <TextField
                  label={t('authoring:fields.sheets')}
                  inputMode="numeric"
                  autoComplete="off"
                  {...text('sheets')}
                />
                <TextField
                  label={t('authoring:fields.slides')}
                  inputMode="numeric"
                  autoComplete="off"
                  {...text('slides')}
                />
              </div>
              {values.fileType !== '' && archiveTypes.has(values.fileType) && (
                <fieldset
                  className={`choice-group${errors.archiveParts ? ' field--invalid' : ''}`}
                  aria-describedby={errors.archiveParts ? 'archiveParts-error' : undefined}
                >
                  <legend className="field__label">{t('authoring:fields.archiveParts')}</legend>
                  <div className="proposal-form__checks">
                    {archiveParts.map((part) => (
                      <Checkbox
                        key={part}
                        label={t(`catalog:archiveParts.${part}`)}
                        checked={values.archiveParts.includes(part)}
                        onChange={(event) =>
                          update({
                            archiveParts: event.target.checked
                              ? archiveParts.filter((p) => p === part || values.archiveParts.includes(p))
                              : values.archiveParts.filter((p) => p !== part),
                          })
                        }
                      />
                    ))}
                  </div>
                  {errors.archiveParts && (
                    <FieldError id="archiveParts-error">{validationText(errors.archiveParts)}</FieldError>
                  )}
                </fieldset>
              )}
              <fieldset
                className={`choice-group${errors.software ? ' field--invalid' : ''}`}
                aria-describedby={errors.software ? 'software-error' : 'software-hint'}
              >
                <legend className="field__label">{t('authoring:fields.software')}</legend>
                <p className="field__hint" id="software-hint">
                  {t('authoring:fields.softwareHint')}
                </p>
                {offeredSoftware.map((app) => {
                  const chosen = values.software.find((entry) => entry.app === app);
                  return (
                    <div key={app} className="proposal-software">
                      <Checkbox
                        label={t(`catalog:software.${app}`)}
                        checked={chosen !== undefined}
                        onChange={(event) => toggleSoftware(app, event.target.checked)}
                      />
                      {chosen && (
                        <TextField
                          label={t('authoring:fields.softwareVersion', { app: t(`catalog:software.${app}`) })}
                          name={`software-${app}`}
                          maxLength={20}
                          autoComplete="off"
                          value={chosen.version}
                          onChange={(event) => setVersion(app, event.target.value)}
                        />
                      )}
                    </div>
                  );
                })}
                {errors.software && (
                  <FieldError id="software-error">{validationText(errors.software)}</FieldError>
                )}
              </fieldset>
              {!academic && (
                <RadioGroup
                  legend={t('authoring:fields.usage')}
                  name="usage"
                  value={values.usage === '' ? 'personal' : values.usage}
                  options={usageLicences.map((usage) => ({
                    value: usage,
                    label: t(`authoring:usage.${usage}`),
                    description: t(`authoring:usage.${usage}Hint`),
                  }))}
                  onChange={(usage) => update({ usage })}
                  error={validationText(errors.usage)}
                />
              )}
            </section>
          )}

          <section className="proposal-form__group" aria-labelledby={`${headingId}-files`}>
            <h3 id={`${headingId}-files`} className="proposal-form__subtitle">
              {t('authoring:form.files')}
            </h3>
            <UploadField
              slot={mainSlot}
              label={t(kind === 'book' ? 'authoring:fields.manuscript' : 'authoring:fields.file')}
              hint={
                kind === 'book'
                  ? t('authoring:fields.manuscriptHint')
                  : values.fileType
                    ? t('authoring:fields.fileHintType', {
                        type: t(`catalog:fileTypes.${values.fileType}`),
                        extensions: acceptedFiles[values.fileType]
                          .split(',')
                          .filter((ext) => ext.startsWith('.'))
                          .join(', '),
                      })
                    : t('authoring:fields.fileHint')
              }
              accept={
                kind === 'book'
                  ? acceptedManuscript
                  : values.fileType
                    ? acceptedFiles[values.fileType]
                    : Object.values(acceptedFiles).join(',')
              }
              required
              state={main.state}
              disabled={kind === 'file' && values.fileType === ''}
              error={errors[mainSlot] ?? (typeNeedsFile ? t('authoring:form.newTypeNeedsFile') : undefined)}
              onFile={(file) => {
                setErrors(({ [mainSlot]: _removed, ...rest }) => rest);
                const declared = kind === 'file' ? values.fileType : '';
                void main.send(file, declared ? { fileType: declared } : {}).then((stored) => {
                  if (stored && declared) setUploadedType(declared);
                });
              }}
            />
            <UploadField
              slot="cover"
              label={t('authoring:fields.cover')}
              hint={t('authoring:fields.coverHint')}
              accept={acceptedCover}
              state={cover.state}
              error={errors.cover}
              onFile={(file) => {
                setErrors(({ cover: _removed, ...rest }) => rest);
                void cover.send(file);
              }}
            />
          </section>

          {mode === 'revise' && (
            <TextAreaField
              label={t('authoring:fields.note')}
              hint={t('authoring:fields.noteHint')}
              name="note"
              rows={3}
              maxLength={2000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              error={validationText(errors.note)}
            />
          )}

          <div className="form__actions proposal-form__actions">
            <p className="proposal-form__draft" role="status">
              {draftStatus}
            </p>
            {mode === 'revise' && onClose && (
              <Button variant="secondary" onClick={onClose}>
                {t('authoring:form.closeRevise')}
              </Button>
            )}
            <Button
              type="submit"
              busy={proposing || resubmitting}
              busyLabel={t('authoring:form.sending')}
              disabled={uploading}
            >
              {mode === 'revise' ? t('authoring:form.resubmit') : t('authoring:form.submit')}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
