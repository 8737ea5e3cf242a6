import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankDetails } from '@hls/contract';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { FieldError, FieldLabel } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { fieldErrorsFromServer } from '@/lib/form-errors';
import { treatyFormPath, useUploadTreatyFormMutation } from '../api/author-royalties-api';
import { countryName } from '../bank-countries';
import { useFileDownload } from '../hooks/use-file-download';

/**
 * The treaty form filed with the author's residence (a certificate of residence or a double-taxation treaty form):
 * whether one is on file (its name, day and residence, a download), and a PDF to upload or replace it with.
 */
export function TreatyFormSection({ details, locale }: { details: BankDetails; locale: string }) {
  const { t } = useTranslation(['royalties', 'toast']);
  const errorText = useErrorText();
  const validationText = useValidationText();
  const [upload, { isLoading }] = useUploadTreatyFormMutation();
  const { busy, download } = useFileDownload();
  const [file, setFile] = useState<File | null>(null);
  // Bumped after an upload: the file input is drawn anew, empty.
  const [inputKey, setInputKey] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const form = details.treatyForm;
  const inputId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setError(t('royalties:treaty.choose'));
      return;
    }
    if (file.type && file.type !== 'application/pdf') {
      setError(t('royalties:treaty.notPdf'));
      return;
    }
    setError(undefined);
    const body = new FormData();
    body.append('file', file, file.name);
    const result = await upload(body);
    if (result.data) {
      notify.success(t('royalties:treaty.uploaded'));
      setFile(null);
      setInputKey((key) => key + 1);
      return;
    }
    const failure = toApiFailure(result.error);
    const fields = fieldErrorsFromServer(failure.fields);
    setError(validationText(fields.file) ?? errorText(failure));
    notify.error(t('toast:operationFailed'), errorText(failure));
  };

  return (
    <div className="roy-treaty">
      <h3 className="roy-subtitle" id="roy-treaty-title">
        {t('royalties:treaty.title')}
      </h3>
      <p className="roy-muted">{t('royalties:treaty.intro')}</p>
      {form ? (
        <div className="roy-treaty__on-file">
          <p>
            <span className="bo-flag roy-flag--payable">{t('royalties:treaty.onFile')}</span>{' '}
            {t('royalties:treaty.onFileText', {
              name: form.fileName,
              date: formatDate(form.uploadedAt, locale),
              country: form.residenceCountry ? countryName(form.residenceCountry, locale) : '—',
            })}
          </p>
          <Button
            variant="secondary"
            size="sm"
            busy={busy === 'treaty'}
            busyLabel={t('royalties:download.busy')}
            onClick={() => void download('treaty', treatyFormPath(form.id), form.fileName)}
          >
            {t('royalties:treaty.download')}
          </Button>
        </div>
      ) : (
        <p>{t('royalties:treaty.none')}</p>
      )}
      <form className="form roy-treaty__form" noValidate onSubmit={submit} aria-labelledby="roy-treaty-title">
        {/*
          The browser's own file button speaks the browser's language, not the page's: the input is hidden and a
          label in the page's words opens it (the input keeps its own label; the picker's is left out of its name).
        */}
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <FieldLabel id={inputId}>
            {form ? t('royalties:treaty.replaceFile') : t('royalties:treaty.file')}
          </FieldLabel>
          <div className="roy-file">
            <input
              key={inputKey}
              id={inputId}
              type="file"
              name="file"
              accept="application/pdf,.pdf"
              className="roy-file__input"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setError(undefined);
              }}
            />
            <label
              htmlFor={inputId}
              aria-hidden="true"
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'roy-file__button' })}
            >
              {t('royalties:treaty.chooseFile')}
            </label>
            <span className="roy-file__name">{file ? file.name : t('royalties:treaty.noFile')}</span>
          </div>
          {!error && (
            <p className="field__hint" id={`${inputId}-hint`}>
              {t('royalties:treaty.hint')}
            </p>
          )}
          {error && <FieldError id={`${inputId}-error`}>{error}</FieldError>}
        </div>
        <div className="form__actions roy-actions roy-actions--start">
          <Button
            type="submit"
            variant="secondary"
            busy={isLoading}
            busyLabel={t('royalties:treaty.uploading')}
          >
            {form ? t('royalties:treaty.replace') : t('royalties:treaty.upload')}
          </Button>
        </div>
      </form>
    </div>
  );
}
