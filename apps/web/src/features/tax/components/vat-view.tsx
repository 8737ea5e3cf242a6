import { useTranslation } from 'react-i18next';
import { intlLocale } from '@/lib/money';
import { OssReportPanel } from './oss-report-panel';
import { VatRatesPanel } from './vat-rates-panel';

/** /back-office/vat (admins): the quarter's OSS return with its check and CSV, and the VAT rates per country. */
export function VatView() {
  const { t, i18n } = useTranslation('tax');
  const locale = intlLocale(i18n.language);
  return (
    <div className="container bo-page tax-page">
      <p className="tax-lead">{t('vat.intro')}</p>
      <OssReportPanel locale={locale} />
      <VatRatesPanel locale={locale} />
    </div>
  );
}
