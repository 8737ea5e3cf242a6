import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { VatView } from '@/features/tax/components/vat-view';
import '@/styles/orders.css';
import '@/styles/tax.css';

/** /back-office/vat: the OSS return and the VAT rates (admins; the server refuses everyone else). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('titles.backOfficeVat')} />
      <VatView />
    </>
  );
}
