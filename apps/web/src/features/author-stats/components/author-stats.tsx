import { useTranslation } from 'react-i18next';
import type { ProductMonthStats, ProductStats } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { intlLocale } from '@/lib/money';
import { useGetAuthorStatsQuery } from '../api/author-stats-api';

const monthFormats = new Map<string, Intl.DateTimeFormat>();
/** "November 2026" / "novembre 2026" of a YYYY-MM month, or "Nov 2026" / "nov. 2026" (`short`, the table's). */
function monthName(month: string, locale: string, width: 'long' | 'short' = 'long'): string {
  const key = `${locale}|${width}`;
  let format = monthFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: width, year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(key, format);
  }
  return format.format(new Date(`${month}-01T00:00:00Z`));
}

const percent = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);

/** Sales kept per view over the months shown; null without views. */
const conversionOf = (months: ProductMonthStats[]) => {
  const views = months.reduce((sum, m) => sum + m.views, 0);
  const kept = months.reduce((sum, m) => sum + m.sales - m.refunded, 0);
  return views > 0 ? kept / views : null;
};

function Conversion({ value, locale }: { value: number | null; locale: string }) {
  const { t } = useTranslation('authoring');
  if (value === null) return <span title={t('stats.noViews')}>—</span>;
  return <>{percent(value, locale)}</>;
}

function ProductMonths({ product, locale }: { product: ProductStats; locale: string }) {
  const { t } = useTranslation('authoring');
  const views = product.months.reduce((sum, m) => sum + m.views, 0);
  const sales = product.months.reduce((sum, m) => sum + m.sales - m.refunded, 0);
  const headingId = `stats-product-${product.productId}`;
  return (
    <div className="author-stats__product">
      <details open={product.months.length > 0}>
        <summary>
          <span id={headingId} className="author-stats__title">
            {product.title}
          </span>
          <span className="author-stats__totals">
            {t('stats.totals', { views, sales })} ·{' '}
            <Conversion value={conversionOf(product.months)} locale={locale} />
          </span>
        </summary>
        {product.months.length === 0 ? (
          <p className="author-stats__none">{t('stats.nothingYet')}</p>
        ) : (
          <div className="author-stats__scroll">
            <table className="author-stats__table" aria-labelledby={headingId}>
              <thead>
                <tr>
                  <th scope="col">{t('stats.month')}</th>
                  <th scope="col" className="num">
                    {t('stats.views')}
                  </th>
                  <th scope="col" className="num">
                    {t('stats.sales')}
                  </th>
                  <th scope="col" className="num">
                    {t('stats.conversion')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {product.months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">
                      <abbr title={monthName(m.month, locale)}>{monthName(m.month, locale, 'short')}</abbr>
                    </th>
                    <td className="num">{m.views.toLocaleString(locale)}</td>
                    <td className="num">
                      {m.sales - m.refunded}
                      {m.refunded > 0 && (
                        <span className="author-stats__refunded">
                          {t('stats.refunded', { count: m.refunded })}
                        </span>
                      )}
                    </td>
                    <td className="num">
                      <Conversion value={m.conversion} locale={locale} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </div>
  );
}

/**
 * "Views and sales per month" on My products: for each of the author's products, its page's views, the copies
 * sold (refunds apart) and the share of views that became a sale, month by month over the last twelve months.
 */
export function AuthorStats() {
  const { t, i18n } = useTranslation('authoring');
  const locale = intlLocale(i18n.language);
  const { data, isError, refetch } = useGetAuthorStatsQuery();
  return (
    <section className="card author-stats" aria-labelledby="author-stats-title">
      <h2 id="author-stats-title" className="card__title">
        {t('stats.title')}
      </h2>
      <p className="author-stats__intro">
        {data ? t('stats.intro', { from: monthName(data.from, locale) }) : t('stats.introLoading')}
      </p>
      {isError && !data && (
        <Alert tone="error" title={t('stats.loadError')}>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            {t('stats.retry')}
          </Button>
        </Alert>
      )}
      {!data && !isError && <Skeleton height="6rem" className="author-stats__loading" />}
      {data && data.products.length === 0 && <p className="author-stats__none">{t('stats.noProducts')}</p>}
      {data && data.products.length > 0 && (
        // Blocks, not list items: the page's one list of the author's products is the one above.
        <div className="author-stats__products">
          {data.products.map((product) => (
            <ProductMonths key={product.productId} product={product} locale={locale} />
          ))}
        </div>
      )}
    </section>
  );
}
