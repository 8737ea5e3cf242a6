import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PayoutProposal, PayoutRun } from '@hls/contract';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { notify } from '@/components/ui/notify';
import { PageSpinner } from '@/components/ui/spinner';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import {
  useApprovePayoutProposalMutation,
  useDismissPayoutProposalMutation,
  useGetPayoutProposalsQuery,
} from '../api/payouts-api';
import { formatRate } from '../format';
import { LoadFailed } from './load-failed';
import { PayoutRunDetails } from './payout-run-details';
import { Cell, RoyaltiesTable, type Column } from './royalties-table';

/** "December 2026": a proposal's month in the interface language. */
function monthName(month: string, locale: string): string {
  const [year, index] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year!, index! - 1, 1)),
  );
}

/** A proposal still to decide: the authors it would pay as they stand now, its total, approve or dismiss. */
function OpenProposal({
  proposal,
  locale,
  onRun,
}: {
  proposal: PayoutProposal;
  locale: string;
  onRun: (run: PayoutRun) => void;
}) {
  const { t } = useTranslation(['royalties', 'toast']);
  const errorText = useErrorText();
  const [approve, approving] = useApprovePayoutProposalMutation();
  const [dismiss, dismissing] = useDismissPayoutProposalMutation();
  const month = monthName(proposal.month, locale);
  const payable = proposal.payees.filter((payee) => payee.payable);
  const totalNow = payable.reduce((sum, payee) => sum + payee.availableCents, 0);
  const columns = {
    author: { label: t('royalties:admin.proposals.author') },
    file: { label: t('royalties:admin.proposals.file') },
    withholding: { label: t('royalties:admin.proposals.withholding'), money: true },
    available: { label: t('royalties:admin.proposals.available'), money: true },
  } satisfies Record<string, Column>;

  const onApprove = async () => {
    const result = await approve(proposal.id);
    if (result.data) {
      notify.success(t('royalties:admin.proposals.approved', { reference: result.data.reference }));
      onRun(result.data);
      return;
    }
    notify.error(t('toast:operationFailed'), errorText(toApiFailure(result.error)));
  };
  const onDismiss = async () => {
    const result = await dismiss(proposal.id);
    if (result.data) {
      notify.success(t('royalties:admin.proposals.dismissed', { month }));
      return;
    }
    notify.error(t('toast:operationFailed'), errorText(toApiFailure(result.error)));
  };

  const titleId = `roy-proposal-${proposal.id}`;
  return (
    <section className="card roy-section" aria-labelledby={titleId}>
      <h2 className="roy-section__title" id={titleId}>
        {t('royalties:admin.proposals.openTitle', { month })}
      </h2>
      <p className="roy-section__intro">
        {t('royalties:admin.proposals.proposedOn', {
          date: formatDateTime(proposal.createdAt, locale),
          total: formatMoney(proposal.totalCents, locale),
          count: proposal.authorIds.length,
        })}
      </p>
      {proposal.payees.length === 0 ? (
        <p className="roy-muted">{t('royalties:admin.proposals.noPayees')}</p>
      ) : (
        <RoyaltiesTable
          className="roy-proposal"
          caption={t('royalties:admin.proposals.caption', { month })}
          columns={Object.values(columns)}
        >
          {proposal.payees.map((payee) => (
            <tr key={payee.authorId} className={payee.payable ? undefined : 'roy-row--muted'}>
              <Cell column={columns.author} row>
                <span className="bo-table__name">{payee.name}</span>
                <span className="bo-table__email">{payee.email}</span>
              </Cell>
              <Cell column={columns.file}>
                {payee.scheme
                  ? t(`royalties:admin.run.schemes.${payee.scheme}`)
                  : t('royalties:admin.due.noBank')}
              </Cell>
              <Cell column={columns.withholding}>{formatRate(payee.withholdingBp, locale)}</Cell>
              <Cell column={columns.available}>
                <strong>{formatMoney(payee.availableCents, locale)}</strong>
                {!payee.payable && (
                  <span className="bo-table__email">{t('royalties:admin.proposals.notPayable')}</span>
                )}
              </Cell>
            </tr>
          ))}
        </RoyaltiesTable>
      )}
      <p className="roy-proposal__total">
        {t('royalties:admin.proposals.totalNow', {
          count: payable.length,
          total: formatMoney(totalNow, locale),
        })}
      </p>
      <div className="roy-actions roy-actions--start">
        <Button
          busy={approving.isLoading}
          busyLabel={t('royalties:admin.proposals.approving')}
          disabled={payable.length === 0 || dismissing.isLoading}
          onClick={() => void onApprove()}
        >
          {t('royalties:admin.proposals.approve')}
        </Button>
        <Button
          variant="secondary"
          busy={dismissing.isLoading}
          busyLabel={t('royalties:admin.proposals.dismissing')}
          disabled={approving.isLoading}
          onClick={() => void onDismiss()}
        >
          {t('royalties:admin.proposals.dismiss')}
        </Button>
      </div>
    </section>
  );
}

/**
 * "Proposals": the run the monthly job proposed, with its payees and totals, to approve (the run is made as by
 * "Run payouts") or dismiss; then the proposals decided, with the run an approval made.
 */
export function PayoutProposalsPanel({
  locale,
  runHref,
}: {
  locale: string;
  runHref: (runId: string) => string;
}) {
  const { t } = useTranslation('royalties');
  const { data, error, isLoading, isFetching, refetch } = useGetPayoutProposalsQuery(undefined, {
    // The job proposes runs in the background: the tab asks again each time it is opened.
    refetchOnMountOrArgChange: true,
  });
  const [made, setMade] = useState<PayoutRun | null>(null);
  if (isLoading) return <PageSpinner label={t('admin.loading')} />;
  if (!data) return <LoadFailed error={error} busy={isFetching} onRetry={() => void refetch()} />;
  const open = data.results.filter((proposal) => proposal.status === 'proposed');
  const decided = data.results.filter((proposal) => proposal.status !== 'proposed');
  const columns = {
    month: { label: t('admin.proposals.month') },
    status: { label: t('admin.proposals.status') },
    total: { label: t('admin.proposals.total'), money: true },
    run: { label: t('admin.proposals.run') },
  } satisfies Record<string, Column>;
  return (
    <div className="bo-page">
      <p className="roy-section__intro">{t('admin.proposals.intro')}</p>
      {made && (
        <section className="card roy-section" aria-labelledby="roy-proposal-run-title">
          <h2 className="roy-section__title" id="roy-proposal-run-title">
            {t('admin.result.title', { reference: made.reference })}
          </h2>
          <PayoutRunDetails run={made} locale={locale} />
        </section>
      )}
      {open.length === 0 && !made && (
        <EmptyState title={t('admin.proposals.emptyTitle')} text={t('admin.proposals.emptyText')} />
      )}
      {open.map((proposal) => (
        <OpenProposal key={proposal.id} proposal={proposal} locale={locale} onRun={setMade} />
      ))}
      {decided.length > 0 && (
        <section className="card roy-section" aria-labelledby="roy-proposals-decided-title">
          <h2 className="roy-section__title" id="roy-proposals-decided-title">
            {t('admin.proposals.decidedTitle')}
          </h2>
          <RoyaltiesTable
            className="roy-proposals"
            caption={t('admin.proposals.decidedCaption')}
            columns={Object.values(columns)}
          >
            {decided.map((proposal) => (
              <tr key={proposal.id}>
                <Cell column={columns.month} row>
                  {monthName(proposal.month, locale)}
                </Cell>
                <Cell column={columns.status}>
                  {t(`admin.proposals.statuses.${proposal.status}`)}
                  {proposal.decidedAt && (
                    <span className="bo-table__email">
                      {t('admin.proposals.decidedOn', { date: formatDate(proposal.decidedAt, locale) })}
                    </span>
                  )}
                </Cell>
                <Cell column={columns.total}>{formatMoney(proposal.totalCents, locale)}</Cell>
                <Cell column={columns.run}>
                  {proposal.runId && proposal.runReference ? (
                    <Link
                      to={runHref(proposal.runId)}
                      aria-label={t('admin.runs.open', { reference: proposal.runReference })}
                    >
                      <code className="roy-code">{proposal.runReference}</code>
                    </Link>
                  ) : (
                    '—'
                  )}
                </Cell>
              </tr>
            ))}
          </RoyaltiesTable>
        </section>
      )}
    </div>
  );
}
