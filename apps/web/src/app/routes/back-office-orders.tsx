import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { BackOfficeOrdersView } from '@/features/back-office/components/orders-list-view';
import '@/styles/shop.css';
import '@/styles/orders.css';

/** /back-office/orders: editors and admins (the server refuses everyone else). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('titles.backOfficeOrders')} />
      <BackOfficeOrdersView />
    </>
  );
}
