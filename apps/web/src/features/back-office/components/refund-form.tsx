import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrder, OrderLine } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { useRefundOrderMutation } from '../api/back-office-api';

type RefundFormProps = { order: AdminOrder; locale: string };

/** "Refund": the whole order or chosen lines, through the payment provider, after a confirmation. */
export function RefundForm({ order, locale }: RefundFormProps) {
  const { t } = useTranslation(['backoffice', 'orders']);
  const errorText = useErrorText();
  const [refund, { isLoading }] = useRefundOrderMutation();
  const refundable = order.lines.filter(
    (line) => line.status !== 'refunded' && line.totalCents > line.refundedCents,
  );
  // A withdrawal names the books to refund once they are back.
  const withdrawn = order.withdrawal && !order.withdrawal.refundedAt ? order.withdrawal.lineIds : null;
  const [scope, setScope] = useState<'order' | 'lines'>(withdrawn ? 'lines' : 'order');
  const [chosen, setChosen] = useState<number[]>(withdrawn ?? []);
  // A downloaded digital line has lost its withdrawal right (the terms): staff see which were.
  const downloadState = ({ download }: OrderLine) =>
    download === null
      ? null
      : download.firstDownloadAt
        ? t('orders:downloads.downloaded', { date: formatDateTime(download.firstDownloadAt, locale) })
        : t('orders:downloads.notDownloaded');
  const digital = refundable.filter((line) => line.download !== null);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const amount =
    scope === 'order'
      ? order.totalCents - order.refundedCents
      : refundable
          .filter((line) => chosen.includes(line.id))
          .reduce((sum, line) => sum + line.totalCents - line.refundedCents, 0);
  const canRefund = amount > 0 && (scope === 'order' || chosen.length > 0);

  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (canRefund) setConfirming(true);
  };

  const send = async () => {
    if (isLoading) return;
    const result = await refund({
      orderId: order.id,
      body: {
        ...(scope === 'lines' ? { lineIds: chosen } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      },
    });
    setConfirming(false);
    if (!('error' in result) || result.error === undefined) {
      notify.success(t('backoffice:refund.done', { amount: formatMoney(amount, locale) }));
      setChosen([]);
      setReason('');
      return;
    }
    setFailure(errorText(toApiFailure(result.error)));
  };

  const amountText = formatMoney(amount, locale);
  return (
    <form className="form bo-action" noValidate onSubmit={ask} aria-labelledby="refund-title">
      <h3 id="refund-title" className="bo-action__title">
        {t('backoffice:refund.title')}
      </h3>
      <p className="bo-action__intro">{t('backoffice:refund.intro')}</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <fieldset className="bo-refund__scope">
        <legend>{t('backoffice:refund.scope')}</legend>
        <label className="radio">
          <input
            type="radio"
            name="refund-scope"
            value="order"
            checked={scope === 'order'}
            onChange={() => setScope('order')}
          />
          {t('backoffice:refund.wholeOrder', {
            amount: formatMoney(order.totalCents - order.refundedCents, locale),
          })}
        </label>
        <label className="radio">
          <input
            type="radio"
            name="refund-scope"
            value="lines"
            checked={scope === 'lines'}
            onChange={() => setScope('lines')}
          />
          {t('backoffice:refund.someLines')}
        </label>
      </fieldset>
      {scope === 'order' && digital.length > 0 && (
        <ul className="bo-refund__downloads">
          {digital.map((line) => (
            <li key={line.id}>
              {line.title} — {downloadState(line)}
            </li>
          ))}
        </ul>
      )}
      {scope === 'lines' && (
        <fieldset className="bo-refund__lines">
          <legend>{t('backoffice:refund.lines')}</legend>
          {refundable.map((line) => (
            <Checkbox
              key={line.id}
              label={t('backoffice:refund.line', {
                title: line.title,
                count: line.quantity,
                amount: formatMoney(line.totalCents - line.refundedCents, locale),
              })}
              description={
                withdrawn?.includes(line.id)
                  ? t('backoffice:refund.withdrawnLine')
                  : (downloadState(line) ?? undefined)
              }
              checked={chosen.includes(line.id)}
              onChange={(event) =>
                setChosen((current) =>
                  event.target.checked ? [...current, line.id] : current.filter((id) => id !== line.id),
                )
              }
            />
          ))}
        </fieldset>
      )}
      <TextAreaField
        label={t('backoffice:refund.reason')}
        name="reason"
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="form__actions">
        <Button type="submit" variant="danger" disabled={!canRefund}>
          {t('backoffice:refund.submit', { amount: amountText })}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('backoffice:refund.confirmTitle')}
        description={t('backoffice:refund.confirmText', {
          amount: amountText,
          customer: order.customer.name,
          number: order.number,
        })}
        closeLabel={t('backoffice:refund.cancel')}
        initialFocusRef={cancelRef}
        footer={
          <>
            <Button ref={cancelRef} variant="secondary" onClick={() => setConfirming(false)}>
              {t('backoffice:refund.cancel')}
            </Button>
            <Button
              variant="danger"
              busy={isLoading}
              busyLabel={t('backoffice:refund.sending')}
              onClick={() => void send()}
            >
              {t('backoffice:refund.confirm', { amount: amountText })}
            </Button>
          </>
        }
      >
        <p>{t('backoffice:refund.confirmNote')}</p>
      </Dialog>
    </form>
  );
}
