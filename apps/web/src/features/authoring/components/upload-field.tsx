import { useId, useRef } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@hls/contract';
import type { UploadSlot } from '@hls/contract';
import { EpubReportView } from '@/components/epub/epub-report';
import { FieldError, FieldLabel } from '@/components/ui/field';
import { useValidationText } from '@/i18n/use-validation-text';
import { intlLocale } from '@/lib/money';
import type { UploadState } from '../hooks/use-upload';

type UploadFieldProps = {
  slot: UploadSlot;
  label: string;
  hint: string;
  accept: string;
  required?: boolean;
  disabled?: boolean;
  state: UploadState;
  /** An error of the form for this slot (`upload.required` after a submit), shown when the upload has none. */
  error?: string | undefined;
  onFile: (file: File) => void;
};

/**
 * A file to send with the proposal: a labelled file input, the bytes sent on a `<progress>` bar while it goes,
 * then the file the server kept (or why it refused it).
 */
export function UploadField({
  slot,
  label,
  hint,
  accept,
  required,
  disabled,
  state,
  error,
  onFile,
}: UploadFieldProps) {
  const { t, i18n } = useTranslation('authoring');
  const validationText = useValidationText();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const locale = intlLocale(i18n.language);
  const message = validationText(state.error ?? (state.phase === 'uploading' ? undefined : error));
  const percent = state.total > 0 ? Math.min(100, Math.round((state.loaded / state.total) * 100)) : 0;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) onFile(file);
    // The same file may be chosen again after a refusal.
    event.target.value = '';
  };

  return (
    <div className={`field upload-field${message ? ' field--invalid' : ''}`} data-slot={slot}>
      <FieldLabel id={id} required={required}>
        {label}
      </FieldLabel>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {/* The native input covers the picker, transparent: the browser's own button and text would speak its
          language, not the page's. */}
      <div className={`upload-field__picker${disabled ? ' upload-field__picker--disabled' : ''}`}>
        <input
          ref={input}
          id={id}
          type="file"
          className="upload-field__input"
          accept={accept}
          disabled={disabled}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''} ${id}-state`}
          aria-invalid={message ? true : undefined}
          onChange={choose}
        />
        <span className="upload-field__button" aria-hidden="true">
          {t('upload.choose')}
        </span>
        <span className="upload-field__chosen" aria-hidden="true">
          {state.file?.originalName ?? state.name ?? t('upload.none')}
        </span>
      </div>
      <div className="upload-field__state" id={`${id}-state`} aria-live="polite">
        {state.phase === 'uploading' && (
          <div className="upload-field__progress">
            <progress
              max={state.total || 1}
              value={state.loaded}
              aria-label={t('upload.progress', { label })}
            />
            <span>
              {t('upload.sending', {
                name: state.name ?? '',
                percent,
              })}
            </span>
          </div>
        )}
        {state.phase !== 'uploading' && state.file && (
          <p className="upload-field__file">
            <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
              <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            {t('upload.stored', {
              name: state.file.originalName,
              size: formatFileSize(state.file.sizeBytes, locale),
            })}
            {state.file.pages !== null && ` · ${t('upload.pages', { count: state.file.pages })}`}
          </p>
        )}
        {state.phase !== 'uploading' && state.file?.epubReport && (
          <EpubReportView report={state.file.epubReport} locale={locale} />
        )}
      </div>
      {message && <FieldError id={`${id}-error`}>{message}</FieldError>}
    </div>
  );
}
