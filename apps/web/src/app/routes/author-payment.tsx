import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { AuthorPaymentsView } from '@/features/royalties/components/author-payments-view';
import '@/styles/shop.css';
import '@/styles/orders.css';
import '@/styles/royalties.css';

/** /author-payment "Paid products": an author's royalties, payouts, reports and bank details (SPEC §2, §6). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader
        title={t('titles.authorPayment')}
        trail={[{ path: paths.myAccount.getHref(), label: t('titles.myAccount') }]}
      />
      <div className="container roy-container">
        <AuthorPaymentsView />
      </div>
    </>
  );
}
