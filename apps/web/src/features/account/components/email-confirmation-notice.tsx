import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { useGetUserQuery, useResendEmailConfirmationMutation } from '../api/account-api';

type EmailConfirmationNoticeProps = {
  email: string;
  /** `order`: shown where an order was refused for it. */
  context?: 'account' | 'order';
};

/** An unconfirmed address: what waits for it, and a button that mails the link again. */
export function EmailConfirmationNotice({ email, context = 'account' }: EmailConfirmationNoticeProps) {
  const { t } = useTranslation(['account', 'toast', 'errors']);
  const errorText = useErrorText();
  const [resend, { isLoading }] = useResendEmailConfirmationMutation();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const notice = useRef<HTMLDivElement>(null);

  // Where an order was refused for it, the notice comes into the middle of the screen: the toast saying so, at
  // the bottom, never covers its button.
  useEffect(() => {
    if (context === 'order') notice.current?.scrollIntoView?.({ block: 'center' });
  }, [context]);

  const onResend = async () => {
    setError(null);
    const result = await resend();
    if ('data' in result && result.data) {
      setSent(true);
      notify.success(t('account:email.resentToast'));
      return;
    }
    setError(errorText(toApiFailure(result.error)));
  };

  return (
    <div className="email-notice" ref={notice}>
      <Alert
        tone="info"
        title={context === 'order' ? t('account:email.orderTitle') : t('account:email.unconfirmedTitle')}
      >
        <p>{t('account:email.unconfirmedText', { email })}</p>
        <Button
          variant="secondary"
          size="sm"
          busy={isLoading}
          busyLabel={t('account:email.resending')}
          onClick={() => void onResend()}
        >
          {t('account:email.resend')}
        </Button>
        {/* Under the button, which stays where it was: the text never pushes it under the toasts. */}
        {sent && <p className="email-notice__sent">{t('account:email.resentText', { email })}</p>}
      </Alert>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

/** The notice for the logged-in user, read afresh (an order was just refused for it): nothing once confirmed. */
export function CurrentUserEmailNotice({ context = 'order' }: { context?: 'account' | 'order' }) {
  const { data: user } = useGetUserQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!user || user.emailConfirmed) return null;
  return <EmailConfirmationNotice email={user.email} context={context} />;
}
