import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PasswordConfirmRequest } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useConfirmPasswordResetMutation } from '../api/auth-api';
import { ForgotPasswordForm } from './forgot-password-form';

/** New password from the e-mailed link; a bad or expired link offers to request a new one. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation(['auth', 'toast', 'errors']);
  const validationText = useValidationText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [confirmReset, { isLoading }] = useConfirmPasswordResetMutation();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [linkInvalid, setLinkInvalid] = useState(!token);
  const [formError, setFormError] = useState<string | null>(null);

  if (linkInvalid || !token) {
    return (
      <div className="stack">
        <Alert tone="error" title={token ? t('auth:reset.invalidTitle') : t('auth:reset.missingTitle')}>
          {t('auth:reset.invalidBody')}
        </Alert>
        <ForgotPasswordForm />
      </div>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = PasswordConfirmRequest.safeParse({ token, password });
    const nextErrors: FieldErrors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
    if (!confirmPassword) nextErrors.confirmPassword = 'password.required';
    else if (confirmPassword !== password) nextErrors.confirmPassword = 'password.mismatch';
    if (nextErrors.token) {
      setLinkInvalid(true);
      return;
    }
    setErrors(nextErrors);
    if (!parsed.success || Object.keys(nextErrors).length > 0) return;

    const result = await confirmReset(parsed.data);
    if (!('error' in result) || !result.error) {
      notify.success(t('toast:resetConfirmed'));
      navigate(paths.loginRegister.getHref());
      return;
    }
    const failure = toApiFailure(result.error);
    notify.error(t('toast:resetFailed'), errorText(failure));
    if (failure.code === 'invalid_reset_token' || failure.fields.token) {
      setLinkInvalid(true);
      return;
    }
    const serverErrors = fieldErrorsFromServer(failure.fields);
    setErrors(serverErrors);
    if (Object.keys(serverErrors).length === 0) setFormError(errorText(failure));
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="reset-heading">
      <h2 id="reset-heading" className="form__title">
        {t('auth:reset.formTitle')}
      </h2>
      <p className="form__intro">{t('auth:reset.intro')}</p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <PasswordField
        label={t('auth:fields.newPassword')}
        name="password"
        autoComplete="new-password"
        required
        hint={t('auth:password.rules')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={validationText(errors.password)}
        showLabel={t('auth:password.show')}
        hideLabel={t('auth:password.hide')}
      />
      <PasswordField
        label={t('auth:fields.confirmPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
        error={validationText(errors.confirmPassword)}
        showLabel={t('auth:password.showConfirmation')}
        hideLabel={t('auth:password.hideConfirmation')}
      />
      <Button type="submit" block size="lg" busy={isLoading} busyLabel={t('auth:reset.submitting')}>
        {t('auth:reset.submit')}
      </Button>
    </form>
  );
}
