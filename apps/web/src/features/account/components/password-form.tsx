import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EditPasswordRequest } from '@hls/contract';
import { useAppDispatch } from '@/app/hooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { endSession } from '@/lib/api-client';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useEditPasswordMutation } from '../api/account-api';

const empty = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Password change; the server then revokes every session, so the user logs in again (SPEC §4). */
export function PasswordForm() {
  const { t } = useTranslation(['account', 'auth', 'toast', 'errors']);
  const validationText = useValidationText();
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [editPassword, { isLoading }] = useEditPasswordMutation();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const bind = (name: keyof typeof empty) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: validationText(errors[name]),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const { confirmPassword, ...body } = values;
    const parsed = EditPasswordRequest.safeParse(body);
    const nextErrors: FieldErrors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
    if (!confirmPassword) nextErrors.confirmPassword = 'password.required';
    else if (confirmPassword !== values.newPassword) nextErrors.confirmPassword = 'password.mismatch';
    setErrors(nextErrors);
    if (!parsed.success || Object.keys(nextErrors).length > 0) return;

    const result = await editPassword(parsed.data);
    if (!('error' in result) || !result.error) {
      notify.success(t('toast:passwordEdited'), t('account:password.loginAgain'));
      dispatch(endSession());
      navigate(paths.loginRegister.getHref());
      return;
    }
    const failure = toApiFailure(result.error);
    const serverErrors = fieldErrorsFromServer(failure.fields);
    if (failure.code === 'wrong_password') serverErrors.oldPassword ??= t('errors:wrong_password');
    setErrors(serverErrors);
    notify.error(t('toast:passwordEditFailed'), errorText(failure));
    if (Object.keys(serverErrors).length === 0) setFormError(errorText(failure));
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="password-heading">
      <h2 id="password-heading" className="card__title">
        {t('account:password.title')}
      </h2>
      <p className="form__intro">{t('account:password.intro')}</p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <PasswordField
        label={t('account:fields.oldPassword')}
        autoComplete="current-password"
        required
        showLabel={t('account:password.showOld')}
        hideLabel={t('account:password.hideOld')}
        {...bind('oldPassword')}
      />
      <PasswordField
        label={t('account:fields.newPassword')}
        autoComplete="new-password"
        required
        hint={t('auth:password.rules')}
        showLabel={t('account:password.showNew')}
        hideLabel={t('account:password.hideNew')}
        {...bind('newPassword')}
      />
      <PasswordField
        label={t('account:fields.confirmPassword')}
        autoComplete="new-password"
        required
        showLabel={t('auth:password.showConfirmation')}
        hideLabel={t('auth:password.hideConfirmation')}
        {...bind('confirmPassword')}
      />
      <div className="form__actions">
        <Button type="submit" busy={isLoading} busyLabel={t('account:password.saving')}>
          {t('account:password.submit')}
        </Button>
      </div>
    </form>
  );
}
