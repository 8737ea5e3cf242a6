import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { EmailCheckRequest, RegisterRequest } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { PasswordField, TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { paths } from '@/config/paths';
import { useAppLanguage } from '@/i18n/use-app-language';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useCheckEmailMutation, useRegisterMutation } from '../api/auth-api';

type RegisterFormProps = {
  onRegistered: (email: string) => void;
  /** The address already has an account: log in with it instead. */
  onLogIn: (email: string) => void;
  /** The address already has an account: reset its password. */
  onResetPassword: (email: string) => void;
};

/** The address as the server keys accounts (trimmed, lower case), or null when it is not one. */
const accountEmail = (value: string) => EmailCheckRequest.safeParse({ email: value }).data?.email ?? null;

const empty = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

export function RegisterForm({ onRegistered, onLogIn, onResetPassword }: RegisterFormProps) {
  const { t } = useTranslation(['auth', 'toast', 'errors']);
  const language = useAppLanguage();
  const validationText = useValidationText();
  const errorText = useErrorText();
  const [register, { isLoading }] = useRegisterMutation();
  const [checkEmail] = useCheckEmailMutation();
  // The last address found to have an account; the notice shows while the field still holds it.
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const [values, setValues] = useState(empty);
  const [asAuthor, setAsAuthor] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const bind = (name: keyof typeof empty) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: validationText(errors[name]),
  });

  /** Leaving the e-mail field asks at once whether an account already uses it (a 404 means none does). */
  const onEmailBlur = async () => {
    const email = accountEmail(values.email);
    if (!email || email === takenEmail) return;
    const result = await checkEmail({ email });
    if (result.data?.exists) setTakenEmail(email);
  };
  const currentEmail = accountEmail(values.email);
  const emailTaken = currentEmail !== null && currentEmail === takenEmail;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const { confirmPassword, ...fields } = values;
    const parsed = RegisterRequest.safeParse({ ...fields, language });
    const nextErrors: FieldErrors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
    if (!confirmPassword) nextErrors.confirmPassword = 'password.required';
    else if (confirmPassword !== values.password) nextErrors.confirmPassword = 'password.mismatch';
    setErrors(nextErrors);
    if (!parsed.success || Object.keys(nextErrors).length > 0) return;

    const result = await register({ body: parsed.data, asAuthor });
    if ('data' in result && result.data) {
      notify.success(t('toast:registerSuccess'));
      setValues(empty);
      setAsAuthor(false);
      onRegistered(parsed.data.email);
      return;
    }
    const failure = toApiFailure(result.error);
    const serverErrors = fieldErrorsFromServer(failure.fields);
    if (failure.code === 'email_taken') serverErrors.email ??= t('errors:email_taken');
    setErrors(serverErrors);
    const message = errorText(failure);
    notify.error(t('toast:registerFailed'), message);
    if (Object.keys(serverErrors).length === 0) setFormError(message);
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="register-heading">
      <h2 id="register-heading" className="form__title">
        {t('auth:register.title')}
      </h2>
      <p className="form__intro">{t('auth:register.intro')}</p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="form__grid">
        <TextField
          label={t('auth:fields.firstName')}
          autoComplete="given-name"
          required
          {...bind('firstName')}
        />
        <TextField
          label={t('auth:fields.lastName')}
          autoComplete="family-name"
          required
          {...bind('lastName')}
        />
      </div>
      <TextField
        label={t('auth:fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        {...bind('email')}
        onBlur={() => void onEmailBlur()}
      />
      <div aria-live="polite">
        {emailTaken && (
          <div className="alert alert--info email-taken">
            <p className="alert__title">{t('auth:register.emailTaken', { email: currentEmail })}</p>
            <div className="email-taken__actions">
              <Button
                size="sm"
                onClick={() => onLogIn(currentEmail)}
                aria-label={t('auth:register.logInWithLabel', { email: currentEmail })}
              >
                {t('auth:register.logInWith')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onResetPassword(currentEmail)}
                aria-label={t('auth:register.resetPasswordLabel', { email: currentEmail })}
              >
                {t('auth:register.resetPassword')}
              </Button>
            </div>
          </div>
        )}
      </div>
      <PasswordField
        label={t('auth:fields.password')}
        autoComplete="new-password"
        required
        hint={t('auth:password.rules')}
        showLabel={t('auth:password.show')}
        hideLabel={t('auth:password.hide')}
        {...bind('password')}
      />
      <PasswordField
        label={t('auth:fields.confirmPassword')}
        autoComplete="new-password"
        required
        showLabel={t('auth:password.showConfirmation')}
        hideLabel={t('auth:password.hideConfirmation')}
        {...bind('confirmPassword')}
      />
      <Checkbox
        label={t('auth:register.author')}
        description={t('auth:register.authorHint')}
        name="author"
        checked={asAuthor}
        onChange={(e) => setAsAuthor(e.target.checked)}
      />
      <p className="form__note">
        <Trans
          t={t}
          i18nKey="auth:register.privacy"
          components={{ privacy: <Link to={paths.privacy.getHref()} /> }}
        />
      </p>
      <Button type="submit" block size="lg" busy={isLoading} busyLabel={t('auth:register.submitting')}>
        {t('auth:register.submit')}
      </Button>
    </form>
  );
}
