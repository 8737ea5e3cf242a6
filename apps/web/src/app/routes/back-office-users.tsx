import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { selectAuth } from '@/features/auth/auth-slice';
import { BackOfficeUsersView } from '@/features/back-office/components/users-list-view';
import '@/styles/shop.css';
import '@/styles/orders.css';
import '@/styles/users.css';

/** /back-office/users: admins (the server refuses everyone else). */
export function Component() {
  const { t } = useTranslation('common');
  const selfId = useAppSelector(selectAuth).userInfo?.id ?? null;
  return (
    <>
      <PageHeader title={t('titles.backOfficeUsers')} />
      <BackOfficeUsersView selfId={selfId} />
    </>
  );
}
