import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VersionEmailsOffResponse } from '@hls/contract/file-versions';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { useVersionEmailsOffMutation } from '../api/downloads-api';

/**
 * The opt-out link of a new-version e-mail: one press of its button turns these e-mails off, without logging in
 * (a mail scanner opening the link changes nothing).
 */
export function VersionEmailsOff({ token }: { token: string | null }) {
  const { t } = useTranslation(['downloads', 'errors']);
  const errorText = useErrorText();
  const [turnOff, { isLoading }] = useVersionEmailsOffMutation();
  const [done, setDone] = useState<VersionEmailsOffResponse | null>(null);
  const [error, setError] = useState<{ invalid: boolean; text: string } | null>(
    token ? null : { invalid: true, text: '' },
  );

  const onSubmit = async () => {
    if (!token) return;
    setError(null);
    const result = await turnOff({ token });
    if ('data' in result && result.data) {
      setDone(result.data);
      return;
    }
    const failure = toApiFailure(result.error);
    const invalid = failure.code === 'invalid_email_token' || failure.code === 'validation_failed';
    setError({ invalid, text: errorText(failure) });
  };

  const links = (
    <p className="email-link__next">
      <Link to={paths.myAccount.getHref()}>{t('downloads:versionsOff.account')}</Link>
      <span aria-hidden="true"> · </span>
      <Link to={paths.download.getHref()}>{t('downloads:versionsOff.downloads')}</Link>
    </p>
  );

  if (done) {
    return (
      <div className="stack email-link">
        <Alert tone="success" title={t('downloads:versionsOff.doneTitle')}>
          <p>{t('downloads:versionsOff.doneText', { email: done.email })}</p>
          {links}
        </Alert>
      </div>
    );
  }

  if (error?.invalid) {
    return (
      <div className="stack email-link">
        <Alert tone="error" title={t('downloads:versionsOff.invalidTitle')}>
          <p>{t('downloads:versionsOff.invalidText')}</p>
          {links}
        </Alert>
      </div>
    );
  }

  return (
    <div className="form email-link">
      <h2 className="form__title">{t('downloads:versionsOff.title')}</h2>
      <p className="form__intro">{t('downloads:versionsOff.intro')}</p>
      {error && <Alert tone="error">{error.text}</Alert>}
      <Button
        size="lg"
        block
        busy={isLoading}
        busyLabel={t('downloads:versionsOff.submitting')}
        onClick={() => void onSubmit()}
      >
        {t('downloads:versionsOff.submit')}
      </Button>
    </div>
  );
}
