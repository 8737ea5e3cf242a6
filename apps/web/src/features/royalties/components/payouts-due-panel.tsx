import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutDue, PayoutRun } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { PageSpinner } from '@/components/ui/spinner';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer } from '@/lib/form-errors';
import { formatMoney } from '@/lib/money';
import { useGetPayoutsDueQuery, useRunPayoutsMutation } from '../api/payouts-api';
import { treatyFormPath } from '../api/author-royalties-api';
import { formatRate, todayIso } from '../format';
import { useFileDownload } from '../hooks/use-file-download';
import { LoadFailed } from './load-failed';
import { PayoutRunDetails } from './payout-run-details';

type Selection = ReadonlySet<string>;

function DueRow({
  due,
  checked,
  locale,
  onToggle,
}: {
  due: PayoutDue;
  checked: boolean;
  locale: string;
  onToggle: (checked: boolean) => void;
}) {
  const { t } = useTranslation('royalties');
  const { busy, download } = useFileDownload();
  return (
    <tr className={due.payable ? undefined : 'roy-row--muted'}>
      <td className="roy-select-cell" data-label={t('admin.due.pay')}>
        <input
          type="checkbox"
          className="checkbox__input"
          checked={checked}
          disabled={!due.payable}
          aria-label={t('admin.due.payNamed', { name: due.name })}
          onChange={(event) => onToggle(event.target.checked)}
        />
      </td>
      <th scope="row" data-label={t('admin.due.author')}>
        <div>
          <span className="bo-table__name">{due.name}</span>
          <span className="bo-table__email">{due.email}</span>
        </div>
      </th>
      <td className="bo-table__money" data-label={t('admin.due.available')}>
        <div>
          <strong className={due.availableCents < 0 ? 'roy-negative' : undefined}>
            {formatMoney(due.availableCents, locale)}
          </strong>
        </div>
      </td>
      <td className="bo-table__money" data-label={t('admin.due.pending')}>
        <div>{formatMoney(due.pendingCents, locale)}</div>
      </td>
      <td data-label={t('admin.due.account')}>
        <div>
          {due.ibanMasked ? (
            <span className="roy-iban">{due.ibanMasked}</span>
          ) : (
            <span className="bo-flag roy-flag--warning">{t('admin.due.noBank')}</span>
          )}
          {due.scheme && (
            <span className="bo-table__email">
              {t('admin.run.inFile', { scheme: t(`admin.run.schemes.${due.scheme}`) })}
              {due.withholdingBp > 0 &&
                ` · ${t('admin.due.withholding', { rate: formatRate(due.withholdingBp, locale) })}`}
            </span>
          )}
          {due.treatyForm && (
            <Button
              variant="ghost"
              size="sm"
              className="roy-treaty-download"
              busy={busy === 'treaty'}
              busyLabel={t('download.busy')}
              aria-label={t('admin.due.treatyNamed', { name: due.name })}
              onClick={() =>
                void download('treaty', treatyFormPath(due.treatyForm!.id), due.treatyForm!.fileName)
              }
            >
              {t('admin.due.treaty')}
            </Button>
          )}
        </div>
      </td>
      <td data-label={t('admin.due.status')}>
        <div>
          {due.payable ? (
            <span className="bo-flag roy-flag--payable">{t('admin.due.payable')}</span>
          ) : due.ibanMasked ? (
            <span className="bo-flag roy-flag--waiting">{t('admin.due.belowMinimum')}</span>
          ) : (
            <span className="bo-table__email">{t('admin.due.askBank')}</span>
          )}
          <span className="bo-table__email">{t('admin.due.entries', { count: due.entries })}</span>
        </div>
      </td>
    </tr>
  );
}

type ConfirmProps = {
  count: number;
  totalCents: number;
  authorIds: string[];
  locale: string;
  onClose: () => void;
  onDone: (run: PayoutRun) => void;
};

/** The confirmation step: how many transfers, how much, the execution date asked of the bank (today or later). */
function ConfirmRun({ count, totalCents, authorIds, locale, onClose, onDone }: ConfirmProps) {
  const { t } = useTranslation(['royalties', 'common', 'toast']);
  const errorText = useErrorText();
  const validationText = useValidationText();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const today = todayIso();
  const [executionDate, setExecutionDate] = useState(today);
  const [error, setError] = useState<string | undefined>();
  const [runPayouts, { isLoading }] = useRunPayoutsMutation();

  const confirm = async () => {
    if (!executionDate || executionDate < today) {
      setError(t('royalties:admin.confirm.dateInPast'));
      return;
    }
    const result = await runPayouts({ authorIds, executionDate });
    if (result.data) {
      notify.success(t('royalties:admin.confirm.done', { count: result.data.count }));
      onDone(result.data);
      return;
    }
    const failure = toApiFailure(result.error);
    setError(validationText(fieldErrorsFromServer(failure.fields).executionDate));
    notify.error(t('toast:operationFailed'), errorText(failure));
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('royalties:admin.confirm.title')}
      description={t('royalties:admin.confirm.text', {
        count,
        total: formatMoney(totalCents, locale),
      })}
      closeLabel={t('common:close')}
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onClose}>
            {t('royalties:admin.confirm.cancel')}
          </Button>
          <Button
            busy={isLoading}
            busyLabel={t('royalties:admin.confirm.running')}
            onClick={() => void confirm()}
          >
            {t('royalties:admin.confirm.run')}
          </Button>
        </>
      }
    >
      <div className="roy-confirm">
        <TextField
          label={t('royalties:admin.confirm.executionDate')}
          type="date"
          name="executionDate"
          value={executionDate}
          min={today}
          required
          error={error}
          hint={t('royalties:admin.confirm.executionHint')}
          onChange={(event) => {
            setExecutionDate(event.target.value);
            setError(undefined);
          }}
        />
      </div>
    </Dialog>
  );
}

/**
 * "Due": every author with an unpaid balance; the payable ones (available ≥ the minimum, bank details saved) are
 * selected; "Run payouts" asks for confirmation, then shows the run and its transfer file.
 */
export function PayoutsDuePanel({ locale }: { locale: string }) {
  const { t } = useTranslation('royalties');
  const { data, error, isLoading, isFetching, refetch } = useGetPayoutsDueQuery();
  // Null until the admin changes it: the payable authors, whatever the list holds after a refresh.
  const [chosen, setChosen] = useState<Selection | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [lastRun, setLastRun] = useState<PayoutRun | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  if (isLoading) return <PageSpinner label={t('admin.loading')} />;
  if (!data) return <LoadFailed error={error} busy={isFetching} onRetry={() => void refetch()} />;

  const payable = data.results.filter((due) => due.payable);
  const selection: Selection = chosen ?? new Set(payable.map((due) => due.authorId));
  const selected = payable.filter((due) => selection.has(due.authorId));
  const totalCents = selected.reduce((sum, due) => sum + due.availableCents, 0);
  const toggle = (authorId: string, on: boolean) => {
    const next = new Set(selection);
    if (on) next.add(authorId);
    else next.delete(authorId);
    setChosen(next);
  };

  return (
    <div className="bo-page">
      {lastRun && (
        <section className="card roy-section roy-run-result" aria-labelledby="roy-run-result-title">
          <h2 className="roy-section__title" id="roy-run-result-title" ref={resultRef} tabIndex={-1}>
            {t('admin.result.title', { reference: lastRun.reference })}
          </h2>
          <Alert tone="success">
            {t('admin.result.text', {
              count: lastRun.count,
              total: formatMoney(lastRun.totalCents, locale),
            })}
          </Alert>
          <PayoutRunDetails run={lastRun} locale={locale} />
        </section>
      )}
      <p className="roy-section__intro">
        {t('admin.due.minimum', { amount: formatMoney(data.minimumPayoutCents, locale) })}
      </p>
      {data.results.length === 0 ? (
        <EmptyState title={t('admin.due.emptyTitle')} text={t('admin.due.emptyText')} />
      ) : (
        <>
          <div className="bo-table-wrap">
            <table className="bo-table roy-table roy-due">
              <caption className="visually-hidden">{t('admin.due.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="roy-select-cell">
                    <span className="visually-hidden">{t('admin.due.pay')}</span>
                  </th>
                  <th scope="col">{t('admin.due.author')}</th>
                  <th scope="col" className="bo-table__money">
                    {t('admin.due.available')}
                  </th>
                  <th scope="col" className="bo-table__money">
                    {t('admin.due.pending')}
                  </th>
                  <th scope="col">{t('admin.due.account')}</th>
                  <th scope="col">{t('admin.due.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.results.map((due) => (
                  <DueRow
                    key={due.authorId}
                    due={due}
                    checked={due.payable && selection.has(due.authorId)}
                    locale={locale}
                    onToggle={(on) => toggle(due.authorId, on)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <div className="card roy-run-bar">
            <p className="roy-run-bar__summary" aria-live="polite">
              {selected.length > 0
                ? t('admin.due.selected', { count: selected.length, total: formatMoney(totalCents, locale) })
                : t('admin.due.noneSelected')}
            </p>
            <Button disabled={selected.length === 0} onClick={() => setConfirming(true)}>
              {t('admin.due.run')}
            </Button>
          </div>
        </>
      )}
      {confirming && (
        <ConfirmRun
          count={selected.length}
          totalCents={totalCents}
          authorIds={selected.map((due) => due.authorId)}
          locale={locale}
          onClose={() => setConfirming(false)}
          onDone={(run) => {
            setConfirming(false);
            setLastRun(run);
            setChosen(null);
            // The result replaces the button the admin pressed: the focus goes to its heading.
            setTimeout(() => resultRef.current?.focus(), 0);
          }}
        />
      )}
    </div>
  );
}
