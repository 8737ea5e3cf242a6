import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UpdateUserRequest } from '@hls/contract';
import type { User } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField, SelectField, TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { appLanguage } from '@/i18n/languages';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useUpdateUserMutation } from '../api/account-api';

type ProfileValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  language: 'fr' | 'en';
};

/**
 * Profile edit. A new e-mail address asks for the current password and changes nothing at once: the server mails
 * a link to it, and the address changes (every session ending, SPEC §4) when that link is followed.
 */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'toast', 'errors']);
  const validationText = useValidationText();
  const errorText = useErrorText();
  const [updateUser, { isLoading }] = useUpdateUserMutation();
  const [values, setValues] = useState<ProfileValues>({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    language: user.language,
  });
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const emailChanged = values.email.trim().toLowerCase() !== user.email.toLowerCase();
  const [formError, setFormError] = useState<string | null>(null);

  const bind = (name: keyof Omit<ProfileValues, 'language'>) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: validationText(errors[name]),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = UpdateUserRequest.safeParse({
      ...values,
      country: user.country,
      ...(emailChanged ? { currentPassword } : {}),
    });
    const nextErrors: FieldErrors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
    if (emailChanged && !currentPassword) nextErrors.currentPassword = 'password.required';
    setErrors(nextErrors);
    if (!parsed.success || Object.keys(nextErrors).length > 0) return;
    const result = await updateUser(parsed.data);
    if ('data' in result && result.data) {
      notify.success(t('toast:userUpdated'));
      if (result.data.emailChangeRequested)
        notify.info(t('account:email.linkSentToast', { email: result.data.user.pendingEmail }));
      return;
    }
    const failure = toApiFailure(result.error);
    const serverErrors = fieldErrorsFromServer(failure.fields);
    if (failure.code === 'email_taken') serverErrors.email ??= t('errors:email_taken');
    if (failure.code === 'wrong_password') serverErrors.currentPassword ??= t('errors:wrong_password');
    setErrors(serverErrors);
    notify.error(t('toast:userUpdateFailed'), errorText(failure));
    if (Object.keys(serverErrors).length === 0) setFormError(errorText(failure));
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="card__title">
        {t('account:profile.title')}
      </h2>
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="form__grid">
        <TextField
          label={t('account:fields.firstName')}
          autoComplete="given-name"
          required
          {...bind('firstName')}
        />
        <TextField
          label={t('account:fields.lastName')}
          autoComplete="family-name"
          required
          {...bind('lastName')}
        />
      </div>
      <TextField
        label={t('account:fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        hint={t('account:profile.emailHint')}
        {...bind('email')}
      />
      {emailChanged && (
        <PasswordField
          label={t('account:fields.currentPassword')}
          name="currentPassword"
          autoComplete="current-password"
          required
          hint={t('account:profile.passwordHint')}
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
          error={validationText(errors.currentPassword)}
          showLabel={t('account:profile.showPassword')}
          hideLabel={t('account:profile.hidePassword')}
        />
      )}
      <div className="form__grid">
        <TextField label={t('account:fields.phone')} type="tel" autoComplete="tel" {...bind('phone')} />
        <SelectField
          label={t('account:fields.language')}
          name="language"
          value={values.language}
          onChange={(e) => setValues((v) => ({ ...v, language: appLanguage(e.target.value) }))}
          options={[
            { value: 'fr', label: 'Français' },
            { value: 'en', label: 'English' },
          ]}
          error={validationText(errors.language)}
        />
      </div>
      <div className="form__actions">
        <Button type="submit" busy={isLoading} busyLabel={t('account:profile.saving')}>
          {t('account:profile.submit')}
        </Button>
      </div>
    </form>
  );
}
