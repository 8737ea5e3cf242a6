import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { PayoutsView } from '@/features/royalties/components/payouts-view';
import '@/styles/shop.css';
import '@/styles/orders.css';
import '@/styles/royalties.css';

/** /back-office/payouts: payouts to authors and royalty rates (admins; the server refuses everyone else). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('titles.backOfficePayouts')} />
      <PayoutsView />
    </>
  );
}
