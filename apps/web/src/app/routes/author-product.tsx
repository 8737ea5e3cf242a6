import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/app/hooks';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { selectRole } from '@/features/auth/auth-slice';
import { AuthorInvitation } from '@/features/authoring/components/author-invitation';
import { AuthorProductView } from '@/features/authoring/components/author-product-view';
import '@/styles/shop.css';
import '@/styles/authoring.css';

/** /author-product?id=…: one of the author's proposals (links in the editors' e-mails land here). */
export function Component() {
  const { t } = useTranslation(['common', 'authoring']);
  const role = useAppSelector(selectRole);
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  return (
    <>
      <PageHeader
        title={t('common:titles.authorProduct')}
        trail={[
          { path: paths.myAccount.getHref(), label: t('common:titles.myAccount') },
          { path: paths.fileBook.getHref(), label: t('common:titles.fileBook') },
        ]}
      />
      <div className="container author-space">
        {role !== 'author' ? (
          <AuthorInvitation role={role} />
        ) : id ? (
          <AuthorProductView key={id} id={id} />
        ) : (
          <Alert tone="error" title={t('authoring:detail.notFound')} />
        )}
      </div>
    </>
  );
}
