import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { selectAuth } from '@/features/auth/auth-slice';
import { EditorialQueueView } from '@/features/editorial/components/queue-view';
import '@/styles/shop.css';
import '@/styles/orders.css';
import '@/styles/editorial.css';

/** /back-office/editorial: the editors' queue and the reports (the server refuses everyone else). */
export function Component() {
  const { t } = useTranslation('common');
  const viewerId = useAppSelector((state) => selectAuth(state).userInfo?.id ?? null);
  return (
    <>
      <PageHeader title={t('titles.backOfficeEditorial')} />
      <EditorialQueueView viewerId={viewerId} />
    </>
  );
}
