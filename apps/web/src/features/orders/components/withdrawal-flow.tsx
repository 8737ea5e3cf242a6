import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useWithdrawMutation } from '../api/orders-api';

type WithdrawalFlowProps = { order: Order; locale: string };

/**
 * "Withdraw from contract here" (Directive 2011/83/EU Art. 11a): a request, then a confirmation that says what is
 * withdrawn, then the acknowledgement with its date and time (also e-mailed).
 */
export function WithdrawalFlow({ order, locale }: WithdrawalFlowProps) {
  const { t } = useTranslation('orders');
  const errorText = useErrorText();
  const [withdraw, { isLoading }] = useWithdrawMutation();
  const paperLines = order.lines.filter((line) => line.format === 'paper' && line.status === 'active');
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>(() => paperLines.map((line) => line.id));
  const [failure, setFailure] = useState<string | null>(null);
  const [acknowledged, setAcknowledged] = useState<Order | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  if (acknowledged?.withdrawal) {
    const withdrawn = acknowledged.lines.filter((line) => acknowledged.withdrawal?.lineIds.includes(line.id));
    return (
      <Alert tone="success" title={t('withdrawal.acknowledgedTitle')}>
        <p>
          {t('withdrawal.acknowledged', {
            number: acknowledged.number,
            date: formatDateTime(acknowledged.withdrawal.requestedAt, locale),
          })}
        </p>
        <ul>
          {withdrawn.map((line) => (
            <li key={line.id}>{t('withdrawal.line', { title: line.title, count: line.quantity })}</li>
          ))}
        </ul>
        <p>{t('withdrawal.acknowledgedNext')}</p>
      </Alert>
    );
  }
  if (order.withdrawal) {
    const { withdrawal } = order;
    return (
      <div className="withdrawal withdrawal--requested">
        <p>
          {t('withdrawal.requested', {
            date: formatDateTime(withdrawal.requestedAt, locale),
            count: withdrawal.lineIds.length,
          })}
        </p>
        {withdrawal.refundedAt && (
          <p>{t('withdrawal.refunded', { date: formatDate(withdrawal.refundedAt, locale) })}</p>
        )}
      </div>
    );
  }
  if (!order.canWithdraw || paperLines.length === 0) return null;

  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  const confirm = async () => {
    if (isLoading || chosen.length === 0) return;
    setFailure(null);
    const every = chosen.length === paperLines.length;
    const result = await withdraw({ orderId: order.id, ...(every ? {} : { lineIds: chosen }) });
    if (result.data) {
      setOpen(false);
      setAcknowledged(result.data);
      return;
    }
    setFailure(errorText(toApiFailure(result.error)));
  };

  return (
    <div className="withdrawal">
      {order.withdrawalDeadline && (
        <p className="withdrawal__deadline">
          {t('withdrawal.deadline', { date: formatDate(order.withdrawalDeadline, locale) })}
        </p>
      )}
      <Button
        variant="secondary"
        onClick={() => {
          setFailure(null);
          setChosen(paperLines.map((line) => line.id));
          setOpen(true);
        }}
      >
        {t('withdrawal.start')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('withdrawal.confirmTitle')}
        description={t('withdrawal.confirmText', { number: order.number })}
        closeLabel={t('withdrawal.cancel')}
        initialFocusRef={cancelRef}
        footer={
          <>
            <Button ref={cancelRef} variant="secondary" onClick={() => setOpen(false)}>
              {t('withdrawal.cancel')}
            </Button>
            <Button
              variant="danger"
              busy={isLoading}
              busyLabel={t('withdrawal.sending')}
              disabled={chosen.length === 0}
              onClick={() => void confirm()}
            >
              {t('withdrawal.confirm')}
            </Button>
          </>
        }
      >
        {paperLines.length > 1 ? (
          <fieldset className="withdrawal__lines">
            <legend>{t('withdrawal.choose')}</legend>
            {paperLines.map((line) => (
              <Checkbox
                key={line.id}
                label={t('withdrawal.line', { title: line.title, count: line.quantity })}
                checked={chosen.includes(line.id)}
                onChange={(event) => toggle(line.id, event.target.checked)}
              />
            ))}
          </fieldset>
        ) : (
          <ul className="withdrawal__list">
            {paperLines.map((line) => (
              <li key={line.id}>{t('withdrawal.line', { title: line.title, count: line.quantity })}</li>
            ))}
          </ul>
        )}
        <p className="withdrawal__return">{t('withdrawal.returnInfo')}</p>
        {failure && <Alert tone="error">{failure}</Alert>}
      </Dialog>
    </div>
  );
}
