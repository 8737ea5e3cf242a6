import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { BackOfficeOrderView } from '@/features/back-office/components/order-detail-view';
import '@/styles/shop.css';
import '@/styles/orders.css';

/** /back-office/orders/{id}: one order, for editors and admins. */
export function Component() {
  const { t } = useTranslation('common');
  const orderId = useParams().id ?? '';
  return (
    <>
      <PageHeader
        title={t('titles.backOfficeOrder')}
        trail={[{ path: paths.backOfficeOrders.getHref(), label: t('titles.backOfficeOrders') }]}
      />
      <div className="container bo-page">
        <BackOfficeOrderView key={orderId} orderId={orderId} />
      </div>
    </>
  );
}
