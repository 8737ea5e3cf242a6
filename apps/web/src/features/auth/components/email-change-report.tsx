import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EmailReportResponse } from '@hls/contract';
import { useAppDispatch } from '@/app/hooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { endSession } from '@/lib/api-client';
import { toApiFailure } from '@/lib/api-error';
import { useReportEmailChangeMutation } from '../api/auth-api';
import { ForgotPasswordForm } from './forgot-password-form';

/**
 * The old address's report link: it acts only when the owner presses the button (a mail scanner opening the link
 * changes nothing). The change is cancelled or undone, every session ends, and the owner is invited to choose a
 * new password, since whoever asked for the change knew the current one.
 */
export function EmailChangeReport({ token }: { token: string | null }) {
  const { t } = useTranslation(['auth', 'errors', 'toast']);
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const [report, { isLoading }] = useReportEmailChangeMutation();
  const [done, setDone] = useState<EmailReportResponse | null>(null);
  const [error, setError] = useState<{ invalid: boolean; text: string } | null>(
    token ? null : { invalid: true, text: '' },
  );

  const onReport = async () => {
    if (!token) return;
    setError(null);
    const result = await report({ token });
    if ('data' in result && result.data) {
      // Every session ended on the server: this browser's too.
      dispatch(endSession());
      notify.success(t('auth:emailReport.doneToast'));
      setDone(result.data);
      return;
    }
    const failure = toApiFailure(result.error);
    const invalid = failure.code === 'invalid_email_token' || failure.code === 'validation_failed';
    setError({ invalid, text: errorText(failure) });
  };

  if (done) {
    return (
      <div className="stack email-link">
        <Alert
          tone={done.outcome === 'kept' ? 'info' : 'success'}
          title={t(`auth:emailReport.${done.outcome}Title`)}
        >
          <p>{t(`auth:emailReport.${done.outcome}Text`, { email: done.email })}</p>
          <p>{t('auth:emailReport.sessionsEnded')}</p>
          {done.outcome === 'kept' && (
            <p>
              <Link to={paths.contact.getHref()}>{t('auth:emailReport.contact')}</Link>
            </p>
          )}
        </Alert>
        <ForgotPasswordForm defaultEmail={done.email} />
      </div>
    );
  }

  if (error?.invalid) {
    return (
      <div className="stack email-link">
        <Alert tone="error" title={t('auth:emailReport.invalidTitle')}>
          <p>{t('auth:emailReport.invalidText')}</p>
          <p>
            <Link to={paths.contact.getHref()}>{t('auth:emailReport.contact')}</Link>
          </p>
        </Alert>
        <ForgotPasswordForm />
      </div>
    );
  }

  return (
    <div className="form email-link">
      <h2 className="form__title">{t('auth:emailReport.title')}</h2>
      <p className="form__intro">{t('auth:emailReport.intro')}</p>
      <ul className="email-link__list">
        <li>{t('auth:emailReport.effectChange')}</li>
        <li>{t('auth:emailReport.effectSessions')}</li>
        <li>{t('auth:emailReport.effectPassword')}</li>
      </ul>
      {error && <Alert tone="error">{error.text}</Alert>}
      <Button
        variant="danger"
        size="lg"
        block
        busy={isLoading}
        busyLabel={t('auth:emailReport.submitting')}
        onClick={() => void onReport()}
      >
        {t('auth:emailReport.submit')}
      </Button>
    </div>
  );
}
