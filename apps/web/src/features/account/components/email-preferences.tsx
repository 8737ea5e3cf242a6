import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { salesEmailChoices } from '@hls/contract';
import type { EmailPreferences as Choices, Role } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { notify } from '@/components/ui/notify';
import { Skeleton } from '@/components/ui/skeleton';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { useGetEmailPreferencesQuery, useUpdateEmailPreferencesMutation } from '../api/email-preferences-api';

/**
 * "E-mails": which e-mails the user wants — new versions of what they bought for everyone; for authors, their
 * sales (each, one a day, or none) and the published reviews of their products.
 */
export function EmailPreferences({ role }: { role: Role }) {
  const { t } = useTranslation('account');
  const { data, isError, refetch } = useGetEmailPreferencesQuery();
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // The e-mails' "My e-mail choices" link ends with #email-preferences: the section is shown once its choices came.
  useEffect(() => {
    if (data && hash === '#email-preferences') section.current?.scrollIntoView({ block: 'start' });
  }, [data, hash]);
  return (
    <section
      ref={section}
      className="card email-preferences"
      id="email-preferences"
      aria-labelledby="email-preferences-title"
    >
      <h2 id="email-preferences-title" className="card__title">
        {t('emailPreferences.title')}
      </h2>
      {isError && !data && (
        <Alert tone="error" title={t('emailPreferences.loadError')}>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      {!data && !isError && <Skeleton height="8rem" className="email-preferences__loading" />}
      {data && <EmailPreferencesForm key={JSON.stringify(data)} saved={data} author={role === 'author'} />}
    </section>
  );
}

function EmailPreferencesForm({ saved, author }: { saved: Choices; author: boolean }) {
  const { t } = useTranslation(['account', 'toast']);
  const errorText = useErrorText();
  const [save, { isLoading }] = useUpdateEmailPreferencesMutation();
  const [values, setValues] = useState<Choices>(saved);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    // Only authors are offered their sales and reviews: the others' choices stay as they are.
    const result = await save(author ? values : { versionEmails: values.versionEmails });
    if ('data' in result && result.data) {
      notify.success(t('account:emailPreferences.saved'));
      return;
    }
    const message = errorText(toApiFailure(result.error));
    setFormError(message);
    notify.error(t('account:emailPreferences.saveFailed'), message);
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <p className="form__intro">{t('account:emailPreferences.intro')}</p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <Checkbox
        name="versionEmails"
        label={t('account:emailPreferences.versions')}
        description={t('account:emailPreferences.versionsHint')}
        checked={values.versionEmails}
        onChange={(event) => setValues((v) => ({ ...v, versionEmails: event.target.checked }))}
      />
      {author && (
        <>
          <fieldset className="email-preferences__sales">
            <legend className="field__label">{t('account:emailPreferences.sales')}</legend>
            {salesEmailChoices.map((choice) => (
              <label key={choice} className="email-preferences__choice">
                <input
                  type="radio"
                  name="salesEmails"
                  value={choice}
                  checked={values.salesEmails === choice}
                  onChange={() => setValues((v) => ({ ...v, salesEmails: choice }))}
                />
                <span>{t(`account:emailPreferences.salesChoices.${choice}`)}</span>
              </label>
            ))}
          </fieldset>
          <Checkbox
            name="reviewEmails"
            label={t('account:emailPreferences.reviews')}
            description={t('account:emailPreferences.reviewsHint')}
            checked={values.reviewEmails}
            onChange={(event) => setValues((v) => ({ ...v, reviewEmails: event.target.checked }))}
          />
        </>
      )}
      <div className="form__actions">
        <Button type="submit" busy={isLoading} busyLabel={t('account:emailPreferences.saving')}>
          {t('account:emailPreferences.submit')}
        </Button>
      </div>
    </form>
  );
}
