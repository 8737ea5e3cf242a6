import { useTranslation } from 'react-i18next';
import type { RoyaltyProductLine } from '@hls/contract';
import { formatMoney } from '@/lib/money';

const amounts = [
  'netCents',
  'royaltyCents',
  'pendingCents',
  'availableCents',
  'paidCents',
  'refundedCents',
] as const;
type Amount = (typeof amounts)[number];

const headKeys: Record<Amount, string> = {
  netCents: 'sales.net',
  royaltyCents: 'sales.royalties',
  pendingCents: 'states.pending',
  availableCents: 'states.available',
  paidCents: 'states.paid',
  refundedCents: 'sales.refunds',
};

/** Refunds take royalties back: shown negative, and a plain zero when there were none (never "-€0.00"). */
const refund = (cents: number) => (cents === 0 ? 0 : -Math.abs(cents));

function Money({ cents, locale }: { cents: number; locale: string }) {
  return <span className={cents < 0 ? 'roy-negative' : undefined}>{formatMoney(cents, locale)}</span>;
}

/** Sales per product and format: units, net sales, royalties and where they stand, refunds; a total row. */
export function ProductSales({ products, locale }: { products: RoyaltyProductLine[]; locale: string }) {
  const { t } = useTranslation('royalties');
  const total = (key: Amount) => products.reduce((sum, line) => sum + line[key], 0);
  const units = products.reduce((sum, line) => sum + line.units, 0);
  return (
    <div className="bo-table-wrap">
      <table className="bo-table roy-table roy-sales">
        <caption className="visually-hidden">{t('sales.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('sales.product')}</th>
            <th scope="col">{t('sales.units')}</th>
            {amounts.map((key) => (
              <th key={key} scope="col" className="bo-table__money">
                {t(headKeys[key])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {products.map((line) => (
            <tr key={`${line.productId}:${line.format}`}>
              <th scope="row" data-label={t('sales.product')}>
                <div>
                  <span className="bo-table__name">{line.title}</span>
                  <span className="bo-table__email">{t(`formats.${line.format}`)}</span>
                </div>
              </th>
              <td data-label={t('sales.units')}>
                <div>
                  {line.units}
                  {line.refundedUnits > 0 && (
                    <span className="bo-table__email">
                      {t('sales.refundedUnits', { count: line.refundedUnits })}
                    </span>
                  )}
                </div>
              </td>
              {amounts.map((key) => (
                <td key={key} className="bo-table__money" data-label={t(headKeys[key])}>
                  <Money cents={key === 'refundedCents' ? refund(line[key]) : line[key]} locale={locale} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {products.length > 1 && (
          <tfoot>
            <tr>
              <th scope="row" data-label={t('sales.product')}>
                {t('sales.total')}
              </th>
              <td data-label={t('sales.units')}>{units}</td>
              {amounts.map((key) => (
                <td key={key} className="bo-table__money" data-label={t(headKeys[key])}>
                  <Money cents={key === 'refundedCents' ? refund(total(key)) : total(key)} locale={locale} />
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
