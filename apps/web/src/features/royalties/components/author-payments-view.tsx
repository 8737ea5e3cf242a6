import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { intlLocale } from '@/lib/money';
import { useGetAuthorPaymentsQuery } from '../api/author-royalties-api';
import { reportFromSearch, searchFromReport } from '../report-params';
import { BankDetailsSection } from './bank-details-section';
import { HowPaid } from './how-paid';
import { EarningsChart } from './earnings-chart';
import { EarningsSummary } from './earnings-summary';
import { PayoutsReceived } from './payouts-received';
import { ProductSales } from './product-sales';
import { RoyaltyReport } from './royalty-report';
import { StatementDownload } from './statement-download';

const sectionIds = {
  summary: 'royalties-summary',
  sales: 'royalties-sales',
  chart: 'royalties-chart',
  payouts: 'royalties-payouts',
  report: 'royalties-report',
  bank: 'royalties-bank',
} as const;
type SectionName = keyof typeof sectionIds;

function Section({ name, title, children }: { name: SectionName; title: string; children: ReactNode }) {
  return (
    <section className="card roy-section" id={sectionIds[name]} aria-labelledby={`${sectionIds[name]}-title`}>
      <h2 className="roy-section__title" id={`${sectionIds[name]}-title`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Links to the screen's sections: it is long, and a phone scrolls a lot. */
function SectionNav({ names }: { names: SectionName[] }) {
  const { t } = useTranslation('royalties');
  return (
    <nav className="roy-nav" aria-label={t('nav.label')}>
      <ul>
        {names.map((name) => (
          <li key={name}>
            <a href={`#${sectionIds[name]}`}>{t(`nav.${name}`)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What a new author sees before the first sale: where royalties will appear, and how to get there. */
function NoSalesYet() {
  const { t } = useTranslation('royalties');
  return (
    <EmptyState title={t('empty.title')} text={t('empty.text')}>
      <ButtonLink to={paths.bookProposed.getHref()}>{t('empty.proposeBook')}</ButtonLink>
      <ButtonLink variant="secondary" to={paths.fileProposed.getHref()}>
        {t('empty.proposeFile')}
      </ButtonLink>
    </EmptyState>
  );
}

/**
 * /author-payment, "Paid products" (SPEC §2, §6): the author's totals and terms, sales per product and format,
 * the monthly earnings chart, the payments received, the detailed report (filters in the URL) with its CSV and
 * the monthly PDF statement, and the bank details.
 */
export function AuthorPaymentsView() {
  const { t, i18n } = useTranslation('royalties');
  const locale = intlLocale(i18n.language);
  const errorText = useErrorText();
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = reportFromSearch(searchParams);
  const { data, error, isLoading, isFetching, refetch } = useGetAuthorPaymentsQuery({
    ...filters,
    ...(page > 1 ? { page } : {}),
  });

  if (isLoading) return <PageSpinner label={t('loading')} />;
  if (!data) {
    const failure = toApiFailure(error);
    if (failure.status === 403)
      return (
        <EmptyState title={t('notAuthor.title')} text={t('notAuthor.text')}>
          <ButtonLink to={paths.fileBook.getHref()}>{t('notAuthor.link')}</ButtonLink>
        </EmptyState>
      );
    return (
      <Alert tone="error" title={t('loadFailed')}>
        <p>{errorText(failure)}</p>
        <Button variant="secondary" size="sm" busy={isFetching} onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }

  const hasActivity = data.products.length > 0 || data.payouts.length > 0 || data.report.count > 0;
  const names: SectionName[] = hasActivity
    ? ['summary', 'sales', 'chart', 'payouts', 'report', 'bank']
    : ['summary', 'bank'];

  return (
    <div className="roy-page">
      {hasActivity && <SectionNav names={names} />}
      {!hasActivity && !filters.from && !filters.to && !filters.productId && <NoSalesYet />}
      <Section name="summary" title={t('totals.title')}>
        <EarningsSummary
          totals={data.totals}
          terms={data.terms}
          hasBankDetails={data.hasBankDetails}
          locale={locale}
          bankSectionId={sectionIds.bank}
        />
      </Section>
      {hasActivity && (
        <>
          <Section name="sales" title={t('sales.title')}>
            {data.products.length > 0 ? (
              <ProductSales products={data.products} locale={locale} />
            ) : (
              <p className="roy-muted">{t('sales.none')}</p>
            )}
          </Section>
          <Section name="chart" title={t('chart.title')}>
            <EarningsChart monthly={data.monthly} locale={locale} />
          </Section>
          <Section name="payouts" title={t('payouts.title')}>
            <PayoutsReceived
              payouts={data.payouts}
              minimumPayoutCents={data.terms.minimumPayoutCents}
              locale={locale}
            />
          </Section>
          <Section name="report" title={t('report.heading')}>
            <p className="roy-section__intro">{t('report.intro')}</p>
            <RoyaltyReport
              report={data.report}
              products={data.productChoices}
              paperHoldDays={data.terms.paperHoldDays}
              filters={filters}
              stale={isFetching}
              locale={locale}
              onFilters={(next) => setSearchParams(searchFromReport(next, 1, searchParams))}
              hrefFor={(n) => `?${searchFromReport(filters, n, searchParams).toString()}`}
            />
            <div className="roy-statement-block">
              <h3 className="roy-subtitle">{t('statement.title')}</h3>
              <p className="roy-section__intro">{t('statement.intro')}</p>
              <StatementDownload monthly={data.monthly} locale={locale} />
            </div>
          </Section>
        </>
      )}
      <Section name="bank" title={t('bank.title')}>
        <p className="roy-section__intro">{t('bank.intro')}</p>
        <HowPaid
          payment={data.terms.payment}
          minimumPayoutCents={data.terms.minimumPayoutCents}
          locale={locale}
        />
        <BankDetailsSection locale={locale} />
      </Section>
    </div>
  );
}
