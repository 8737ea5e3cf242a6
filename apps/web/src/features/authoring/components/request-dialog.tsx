import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';

type RequestDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** The reason's label: the author may say why (optional, at most 2,000 characters); none: no reason asked. */
  reasonLabel?: string | undefined;
  confirmLabel: string;
  busy: boolean;
  error?: string | null;
  onConfirm: (reason: string) => void;
};

/** Asks before an author's request that cannot be taken back (withdraw, unpublish), with an optional reason. */
export function RequestDialog({
  open,
  onClose,
  title,
  description,
  reasonLabel,
  confirmLabel,
  busy,
  error,
  onConfirm,
}: RequestDialogProps) {
  const { t } = useTranslation('authoring');
  const [reason, setReason] = useState('');
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      closeLabel={t('actions.cancel')}
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant="danger"
            busy={busy}
            busyLabel={t('actions.sending')}
            onClick={() => onConfirm(reason.trim())}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {reasonLabel && (
        <TextAreaField
          label={reasonLabel}
          name="reason"
          rows={3}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error ?? undefined}
        />
      )}
      {!reasonLabel && error && <p className="field__error">{error}</p>}
    </Dialog>
  );
}
