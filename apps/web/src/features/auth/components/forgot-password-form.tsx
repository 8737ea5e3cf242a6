import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordResetRequest } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useRequestPasswordResetMutation } from '../api/auth-api';

type ForgotPasswordFormProps = { defaultEmail?: string; onBack?: () => void; headingLevel?: 'h2' | 'h3' };

/**
 * "Forgot password": e-mails a one-time link to /password/reset/confirm/<token>. The answer is the same whether an
 * account uses the address or not (the mail tells the rest), so the screen says what the mail will hold.
 */
export function ForgotPasswordForm({
  defaultEmail = '',
  onBack,
  headingLevel: Heading = 'h2',
}: ForgotPasswordFormProps) {
  const { t } = useTranslation(['auth', 'toast', 'errors']);
  const validationText = useValidationText();
  const errorText = useErrorText();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [email, setEmail] = useState(defaultEmail);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = PasswordResetRequest.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    const result = await requestReset(parsed.data);
    if ('data' in result && result.data) {
      notify.success(t('toast:resetMailSent'));
      setSentTo(parsed.data.email);
      return;
    }
    const failure = toApiFailure(result.error);
    notify.error(t('toast:resetMailFailed'), errorText(failure));
    setErrors(fieldErrorsFromServer(failure.fields));
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="forgot-heading">
      <Heading id="forgot-heading" className="form__title">
        {t('auth:forgot.title')}
      </Heading>
      <p className="form__intro">{t('auth:forgot.intro')}</p>
      {sentTo && (
        <Alert tone="success" title={t('auth:forgot.sentTitle')}>
          {t('auth:forgot.sentBody', { email: sentTo })}
        </Alert>
      )}
      <TextField
        label={t('auth:fields.email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={validationText(errors.email)}
      />
      <Button type="submit" block size="lg" busy={isLoading} busyLabel={t('auth:forgot.submitting')}>
        {t('auth:forgot.submit')}
      </Button>
      {onBack && (
        <Button variant="link" onClick={onBack}>
          {t('auth:forgot.back')}
        </Button>
      )}
    </form>
  );
}
