import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { selectRole } from '@/features/auth/auth-slice';
import { AuthorInvitation } from '@/features/authoring/components/author-invitation';
import { AuthorStats } from '@/features/author-stats/components/author-stats';
import { AuthorProductsView } from '@/features/authoring/components/author-products-view';
import '@/styles/shop.css';
import '@/styles/authoring.css';
import '@/styles/author-stats.css';

/** /file-book "My products": the author's books and files; others are invited to become authors (SPEC §6). */
export function Component() {
  const { t } = useTranslation('common');
  const role = useAppSelector(selectRole);
  return (
    <>
      <PageHeader
        title={t('titles.fileBook')}
        trail={[{ path: paths.myAccount.getHref(), label: t('titles.myAccount') }]}
      />
      <div className="container author-space">
        {role === 'author' ? (
          <>
            <AuthorProductsView />
            <AuthorStats />
          </>
        ) : (
          <AuthorInvitation role={role} />
        )}
      </div>
    </>
  );
}
