import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactRequest } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useSendContactMessageMutation } from '../api/content-api';

const empty = { name: '', email: '', subject: '', message: '' };
type Values = typeof empty;
const fieldOrder = ['name', 'email', 'subject', 'message'] as const;

/** The contact form: validated with the contract's schema here, and by the API (field errors shown the same way). */
export function ContactForm() {
  const { t } = useTranslation(['pages', 'errors']);
  const validationText = useValidationText();
  const errorText = useErrorText();
  const [send, { isLoading }] = useSendContactMessageMutation();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);

  const focusFirstError = (fieldErrors: FieldErrors) => {
    const first = fieldOrder.find((field) => fieldErrors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ContactRequest.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsFromZod(parsed.error);
      setErrors(fieldErrors);
      focusFirstError(fieldErrors);
      return;
    }
    setErrors({});
    const result = await send(parsed.data);
    if ('data' in result && result.data) {
      setSent({ name: parsed.data.name, email: parsed.data.email });
      setValues(empty);
      requestAnimationFrame(() => successRef.current?.focus());
      return;
    }
    const apiFailure = toApiFailure(result.error);
    const fieldErrors = fieldErrorsFromServer(apiFailure.fields);
    setErrors(fieldErrors);
    setFailure(apiFailure.status === 429 ? t('pages:contact.tooMany') : errorText(apiFailure));
    focusFirstError(fieldErrors);
  };

  if (sent) {
    return (
      <div ref={successRef} tabIndex={-1} className="contact-success">
        <Alert tone="success" title={t('pages:contact.successTitle')}>
          <p>{t('pages:contact.successText', sent)}</p>
        </Alert>
        <Button variant="secondary" onClick={() => setSent(null)}>
          {t('pages:contact.another')}
        </Button>
      </div>
    );
  }

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: validationText(errors[name]),
  });

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="form__title">
        {t('pages:contact.formTitle')}
      </h2>
      <p className="form__intro">{t('pages:contact.formIntro')}</p>
      {failure && (
        <Alert tone="error" title={t('pages:contact.failed')}>
          {failure}
        </Alert>
      )}
      <div className="form__grid">
        <TextField
          label={t('pages:contact.name')}
          autoComplete="name"
          required
          maxLength={120}
          {...field('name')}
        />
        <TextField
          label={t('pages:contact.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...field('email')}
        />
      </div>
      <TextField label={t('pages:contact.subject')} required maxLength={160} {...field('subject')} />
      <TextAreaField
        label={t('pages:contact.message')}
        hint={t('pages:contact.messageHint')}
        required
        rows={7}
        maxLength={5000}
        {...field('message')}
      />
      <Button type="submit" size="lg" busy={isLoading} busyLabel={t('pages:contact.sending')}>
        {t('pages:contact.submit')}
      </Button>
    </form>
  );
}
