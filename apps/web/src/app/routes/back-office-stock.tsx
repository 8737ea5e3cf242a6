import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { StockView } from '@/features/stock/components/stock-view';
import '@/styles/stock.css';

/** /back-office/stock: the paper editions' stock, set by hand with a reason (editors and admins). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('titles.backOfficeStock')} />
      <StockView />
    </>
  );
}
