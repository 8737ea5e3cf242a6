import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { selectRole } from '@/features/auth/auth-slice';
import { AuthorInvitation } from '@/features/authoring/components/author-invitation';
import { ProposalScreen } from '@/features/authoring/components/proposal-screen';
import '@/styles/shop.css';
import '@/styles/authoring.css';

/** /book-proposed: the proposal of a book (a new one, or the draft `?draft=` continued); then /file-book (SPEC §4). */
export function Component() {
  const { t } = useTranslation('common');
  const role = useAppSelector(selectRole);
  return (
    <>
      <PageHeader
        title={t('titles.bookProposed')}
        trail={[
          { path: paths.myAccount.getHref(), label: t('titles.myAccount') },
          { path: paths.fileBook.getHref(), label: t('titles.fileBook') },
        ]}
      />
      <div className="container author-space">
        {role === 'author' ? <ProposalScreen kind="book" /> : <AuthorInvitation role={role} />}
      </div>
    </>
  );
}
