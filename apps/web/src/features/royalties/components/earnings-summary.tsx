import { useTranslation } from 'react-i18next';
import type { AuthorPayments } from '@hls/contract';
import { formatMoney } from '@/lib/money';
import { formatRate } from '../format';

type SummaryProps = {
  totals: AuthorPayments['totals'];
  terms: AuthorPayments['terms'];
  hasBankDetails: boolean;
  locale: string;
  /** The id of the bank details section, for the "add them" link. */
  bankSectionId: string;
};

type FigureProps = { name: string; label: string; hint: string; cents: number; locale: string };

/** One total: its name, the amount, and what it means. */
function Figure({ name, label, hint, cents, locale }: FigureProps) {
  return (
    <div className={`roy-figure roy-figure--${name}`}>
      <dt className="roy-figure__label">{label}</dt>
      <dd className={`roy-figure__amount${cents < 0 ? ' roy-negative' : ''}`}>
        {formatMoney(cents, locale)}
      </dd>
      <dd className="roy-figure__hint">{hint}</dd>
    </div>
  );
}

/**
 * The four totals (pending, available, paid, balance), each explained in a sentence, and the terms they follow:
 * the rates per format, the holds and the smallest payout.
 */
export function EarningsSummary({ totals, terms, hasBankDetails, locale, bankSectionId }: SummaryProps) {
  const { t } = useTranslation('royalties');
  const figure = (name: 'pending' | 'available' | 'paid' | 'balance', cents: number) => (
    <Figure
      key={name}
      name={name}
      cents={cents}
      label={t(`totals.${name}`)}
      hint={t(`totals.${name}Hint`)}
      locale={locale}
    />
  );
  const minimum = formatMoney(terms.minimumPayoutCents, locale);
  return (
    <>
      <dl className="roy-figures">
        {figure('pending', totals.pendingCents)}
        {figure('available', totals.availableCents)}
        {figure('paid', totals.paidCents)}
        {figure('balance', totals.balanceCents)}
      </dl>
      {totals.refundedCents !== 0 && (
        <p className="roy-muted">
          {t('totals.refunded', { amount: formatMoney(Math.abs(totals.refundedCents), locale) })}
        </p>
      )}
      {!hasBankDetails && (
        <p className="roy-notice" role="note">
          {t('terms.noBank', { minimum })} <a href={`#${bankSectionId}`}>{t('terms.addBank')}</a>
        </p>
      )}
      <div className="roy-terms">
        <h3 className="roy-terms__title">{t('terms.title')}</h3>
        <ul className="roy-terms__list">
          <li>
            {t('terms.rates', {
              paper: formatRate(terms.rates.paper, locale),
              ebook: formatRate(terms.rates.ebook, locale),
              professional_file: formatRate(terms.rates.professional_file, locale),
            })}
          </li>
          <li>
            {t('terms.hold', {
              digital: t('terms.days', { count: terms.digitalHoldDays }),
              paper: t('terms.days', { count: terms.paperHoldDays }),
            })}
          </li>
          <li>{t('terms.minimum', { amount: minimum })}</li>
        </ul>
      </div>
    </>
  );
}
