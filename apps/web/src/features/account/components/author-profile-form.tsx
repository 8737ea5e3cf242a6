import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthorProfileRequest } from '@hls/contract';
import type { User } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useUpdateAuthorProfileMutation } from '../api/account-api';

/** An author's public profile: the name on their products and the biography under their books. */
export function AuthorProfileForm({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'toast']);
  const validationText = useValidationText();
  const errorText = useErrorText();
  const [save, { isLoading }] = useUpdateAuthorProfileMutation();
  const [values, setValues] = useState({ displayName: user.displayName ?? '', bio: user.bio ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fallbackName = `${user.firstName} ${user.lastName}`.trim();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = AuthorProfileRequest.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrorsFromZod(parsed.error));
    if (!parsed.success) return;
    const result = await save(parsed.data);
    if ('data' in result && result.data) {
      notify.success(t('toast:userUpdated'));
      return;
    }
    const failure = toApiFailure(result.error);
    const serverErrors = fieldErrorsFromServer(failure.fields);
    setErrors(serverErrors);
    notify.error(t('toast:userUpdateFailed'), errorText(failure));
    if (Object.keys(serverErrors).length === 0) setFormError(errorText(failure));
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="author-profile-heading">
      <h2 id="author-profile-heading" className="card__title">
        {t('account:authorProfile.title')}
      </h2>
      <p className="form__intro">
        {t('account:authorProfile.intro')}{' '}
        <Link to={paths.publish.getHref()}>{t('account:authorProfile.guide')}</Link>
      </p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        label={t('account:authorProfile.displayName')}
        name="displayName"
        maxLength={120}
        autoComplete="nickname"
        hint={t('account:authorProfile.displayNameHint', { name: fallbackName })}
        value={values.displayName}
        onChange={(event) => setValues((v) => ({ ...v, displayName: event.target.value }))}
        error={validationText(errors.displayName)}
      />
      <TextAreaField
        label={t('account:authorProfile.bio')}
        name="bio"
        rows={6}
        maxLength={2000}
        hint={t('account:authorProfile.bioHint')}
        value={values.bio}
        onChange={(event) => setValues((v) => ({ ...v, bio: event.target.value }))}
        error={validationText(errors.bio)}
      />
      <div className="form__actions">
        <Button type="submit" busy={isLoading} busyLabel={t('account:authorProfile.saving')}>
          {t('account:authorProfile.submit')}
        </Button>
      </div>
    </form>
  );
}
