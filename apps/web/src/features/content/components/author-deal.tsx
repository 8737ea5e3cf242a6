import { useTranslation } from 'react-i18next';
import type { SiteInfo } from '@hls/contract';
import { saleRoyalty } from '@hls/contract/money';
import { formatMoney, intlLocale } from '@/lib/money';
import { useGetSiteInfoQuery } from '../api/content-api';

type Format = keyof SiteInfo['royaltyRates'];

/** A list price per format for the worked example; what it earns is the contract's rule, never written here. */
const examplePrices: Record<Format, number> = { paper: 2500, ebook: 1500, professionalFile: 3000 };
const formats: Format[] = ['paper', 'ebook', 'professionalFile'];

/**
 * "What you earn, and when" on the author guide: today's royalty rates per format with what one sale at an
 * example price earns (VAT out, rate of the net, rounded once), the holds and the payout minimum (GET /api/site).
 */
export function AuthorDeal() {
  const { t, i18n } = useTranslation('pages');
  const locale = intlLocale(i18n.language);
  const { data: site } = useGetSiteInfoQuery();
  if (!site) return null;
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const money = (cents: number) => formatMoney(cents, locale);
  const { royaltyTerms } = site;

  return (
    <section className="content-block content-block--panel author-deal" aria-labelledby="publish-deal">
      <h2 id="publish-deal" className="section-title">
        {t('publish.deal.title')}
      </h2>
      <p>{t('publish.deal.intro')}</p>
      <table className="author-deal__table">
        <caption id="publish-deal-caption">{t('publish.deal.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('publish.deal.format')}</th>
            <th scope="col">{t('publish.deal.rate')}</th>
            <th scope="col">{t('publish.deal.price')}</th>
            <th scope="col">{t('publish.deal.vat')}</th>
            <th scope="col">{t('publish.deal.net')}</th>
            <th scope="col">{t('publish.deal.earn')}</th>
          </tr>
        </thead>
        <tbody>
          {formats.map((format) => {
            const royaltyRateBp = Math.round(site.royaltyRates[format] * 100);
            const sale = saleRoyalty({
              paidCents: examplePrices[format],
              vatRateBp: site.vatRates?.[format] ?? 0,
              royaltyRateBp,
            });
            return (
              <tr key={format}>
                <th scope="row">{t(`publish.deal.formats.${format}`)}</th>
                <td data-label={t('publish.deal.rate')}>{percent.format(royaltyRateBp / 10_000)}</td>
                <td data-label={t('publish.deal.price')}>{money(examplePrices[format])}</td>
                <td data-label={t('publish.deal.vat')}>{money(sale.vatCents)}</td>
                <td data-label={t('publish.deal.net')}>{money(sale.netCents)}</td>
                <td data-label={t('publish.deal.earn')} className="author-deal__earn">
                  {money(sale.royaltyCents)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="author-deal__note">{t('publish.deal.free')}</p>
      <h3 className="author-deal__subtitle">{t('publish.deal.whenTitle')}</h3>
      <ul className="author-deal__when">
        <li>{t('publish.deal.holdDigital', { count: royaltyTerms.digitalHoldDays })}</li>
        <li>{t('publish.deal.holdPaper', { count: royaltyTerms.paperHoldDays })}</li>
        <li>{t('publish.deal.payout', { minimum: money(royaltyTerms.minimumPayoutCents) })}</li>
        <li>{t('publish.deal.refunds')}</li>
      </ul>
    </section>
  );
}
