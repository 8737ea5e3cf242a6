import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportBody } from '@hls/contract';
import { reportReasons } from '@hls/contract/values';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useReportDocumentMutation } from '../api/report-api';

type ReportValues = { reason: string; details: string; email: string };
const empty: ReportValues = { reason: '', details: '', email: '' };

/**
 * "Report this document": copyright, confidentiality, plagiarism or something else, with details (and an e-mail
 * address from a visitor who is not logged in, to be answered). The report lands in the editors' queue.
 */
export function ReportDocument({
  productId,
  title,
  loggedIn,
}: {
  productId: number;
  title: string;
  loggedIn: boolean;
}) {
  const { t, i18n } = useTranslation('catalog');
  const validationText = useValidationText();
  const errorText = useErrorText();
  const [send, { isLoading }] = useReportDocumentMutation();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [values, setValues] = useState<ReportValues>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  const fieldText = (message: string | undefined) => {
    if (!message) return undefined;
    const key = `report.fields.${message}`;
    return i18n.exists(key, { ns: 'catalog' }) ? t(key) : validationText(message);
  };
  const bind = (name: keyof ReportValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: fieldText(errors[name]),
  });

  const openDialog = () => {
    setSent(false);
    setFormError(null);
    setErrors({});
    setOpen(true);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setFormError(null);
    const found: FieldErrors = {};
    if (!values.reason) found.reason = 'reason.required';
    if (!values.details.trim()) found.details = 'details.required';
    if (!loggedIn && !values.email.trim()) found.email = 'email.required';
    const parsed = ReportBody.safeParse({
      productId,
      reason: values.reason || undefined,
      details: values.details,
      ...(values.email.trim() ? { email: values.email.trim() } : {}),
    });
    if (!parsed.success) Object.assign(found, { ...fieldErrorsFromZod(parsed.error), ...found });
    if (Object.keys(found).length > 0 || !parsed.success) {
      setErrors(found);
      return;
    }
    setErrors({});
    const result = await send(parsed.data);
    if (!('error' in result) || result.error === undefined) {
      setSent(true);
      setValues(empty);
      return;
    }
    const failure = toApiFailure(result.error);
    const serverErrors = fieldErrorsFromServer(failure.fields);
    setErrors(serverErrors);
    if (Object.keys(serverErrors).length === 0) setFormError(errorText(failure));
  };

  return (
    <>
      <Button
        variant="link"
        size="sm"
        className="report-document__open"
        onClick={openDialog}
        icon={
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="16"
            height="16"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M5 21V4h11l-1.5 4L16 12H5" strokeLinejoin="round" />
          </svg>
        }
      >
        {t('report.open')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('report.title')}
        description={sent ? undefined : t('report.intro', { title })}
        closeLabel={t('report.close')}
        initialFocusRef={sent ? closeRef : undefined}
      >
        {sent ? (
          <div className="report-document__sent">
            <Alert tone="success" title={t('report.sentTitle')}>
              <p>{t('report.sentText')}</p>
            </Alert>
            <div className="form__actions">
              <Button ref={closeRef} variant="secondary" onClick={() => setOpen(false)}>
                {t('report.close')}
              </Button>
            </div>
          </div>
        ) : (
          <form className="form report-document__form" noValidate onSubmit={onSubmit}>
            {formError && (
              <Alert tone="error" title={t('report.failed')}>
                <p>{formError}</p>
              </Alert>
            )}
            <SelectField
              label={t('report.reason')}
              required
              options={[
                { value: '', label: t('report.chooseReason') },
                ...reportReasons.map((reason) => ({ value: reason, label: t(`report.reasons.${reason}`) })),
              ]}
              {...bind('reason')}
            />
            <TextAreaField
              label={t('report.details')}
              hint={t('report.detailsHint')}
              required
              rows={4}
              maxLength={2000}
              {...bind('details')}
            />
            {!loggedIn && (
              <TextField
                label={t('report.email')}
                hint={t('report.emailHint')}
                type="email"
                autoComplete="email"
                required
                {...bind('email')}
              />
            )}
            <div className="form__actions report-document__actions">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {t('report.cancel')}
              </Button>
              <Button type="submit" busy={isLoading} busyLabel={t('report.sending')}>
                {t('report.submit')}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
