import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { ReviewModerationView } from '@/features/reviews/components/moderation-view';
import '@/styles/shop.css';
import '@/styles/orders.css';

/** /back-office/reviews: the customer reviews editors approve or refuse (the server refuses everyone else). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('titles.backOfficeReviews')} />
      <ReviewModerationView />
    </>
  );
}
