import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginRequest } from '@hls/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { loginUser, selectAuth } from '../auth-slice';

type LoginFormProps = {
  defaultEmail?: string;
  onForgotPassword: () => void;
  /** Where to go once logged in (the page that asked for the login); /my-account otherwise (SPEC §4). */
  returnTo?: string | null;
};

export function LoginForm({ defaultEmail = '', onForgotPassword, returnTo = null }: LoginFormProps) {
  const { t } = useTranslation(['auth', 'toast', 'errors']);
  const validationText = useValidationText();
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { loading } = useAppSelector(selectAuth);
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = LoginRequest.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    const result = await dispatch(loginUser(parsed.data));
    if (loginUser.fulfilled.match(result)) {
      notify.success(t('toast:loginSuccess'));
      navigate(returnTo ?? paths.myAccount.getHref());
      return;
    }
    const rejection = result.payload;
    if (!rejection?.hasResponse) {
      notify.error(t('toast:loginNoResponse'), t('errors:network'));
      setFormError(t('errors:network'));
      return;
    }
    // The code's sentence in the page's language: a suspended account, wrong credentials, when to try again.
    const message = errorText(rejection);
    notify.error(t('toast:loginFailed'), message);
    setErrors(fieldErrorsFromServer(rejection.fields));
    setFormError(message);
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="login-heading">
      <h2 id="login-heading" className="form__title">
        {t('auth:login.title')}
      </h2>
      <p className="form__intro">{t('auth:login.intro')}</p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        label={t('auth:fields.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={validationText(errors.email)}
      />
      <PasswordField
        label={t('auth:fields.password')}
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={validationText(errors.password)}
        showLabel={t('auth:password.show')}
        hideLabel={t('auth:password.hide')}
      />
      <div className="form__row form__row--between">
        <Button variant="link" onClick={onForgotPassword}>
          {t('auth:forgot.toggle')}
        </Button>
      </div>
      <Button type="submit" block size="lg" busy={loading} busyLabel={t('auth:login.submitting')}>
        {t('auth:login.submit')}
      </Button>
    </form>
  );
}
