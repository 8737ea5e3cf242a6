import { useTranslation } from 'react-i18next';
import type { User } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { useCancelEmailChangeMutation } from '../api/account-api';

/** A new address waiting for its link: where the link went, when the address changes, and a way to cancel. */
export function PendingEmailChange({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'errors']);
  const errorText = useErrorText();
  const [cancel, { isLoading }] = useCancelEmailChangeMutation();
  if (!user.pendingEmail) return null;

  const onCancel = async () => {
    const result = await cancel();
    if ('data' in result && result.data) {
      notify.success(t('account:email.cancelledToast'));
      return;
    }
    notify.error(t('account:email.cancelFailed'), errorText(toApiFailure(result.error)));
  };

  return (
    <div className="email-notice">
      <Alert tone="info" title={t('account:email.pendingTitle')}>
        <p>{t('account:email.pendingText', { email: user.pendingEmail, current: user.email })}</p>
        <Button
          variant="secondary"
          size="sm"
          busy={isLoading}
          busyLabel={t('account:email.cancelling')}
          onClick={() => void onCancel()}
        >
          {t('account:email.cancelChange')}
        </Button>
      </Alert>
    </div>
  );
}
