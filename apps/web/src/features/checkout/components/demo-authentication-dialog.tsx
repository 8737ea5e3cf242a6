import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

type DemoAuthenticationDialogProps = {
  open: boolean;
  amount: string;
  busy: boolean;
  onAnswer: (approve: boolean) => void;
};

/** The demo provider's stand-in for the bank's 3-D Secure page: approve or refuse the payment. */
export function DemoAuthenticationDialog({ open, amount, busy, onAnswer }: DemoAuthenticationDialogProps) {
  const { t } = useTranslation('checkout');
  const approveRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onAnswer(false);
      }}
      title={t('authentication.title')}
      description={t('authentication.text', { amount })}
      closeLabel={t('authentication.close')}
      initialFocusRef={approveRef}
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => onAnswer(false)}>
            {t('authentication.refuse')}
          </Button>
          <Button
            ref={approveRef}
            busy={busy}
            busyLabel={t('authentication.checking')}
            onClick={() => onAnswer(true)}
          >
            {t('authentication.approve')}
          </Button>
        </>
      }
    >
      <p className="demo-card__banner">{t('authentication.demoNote')}</p>
    </Dialog>
  );
}
