import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { selectAuth } from '@/features/auth/auth-slice';
import { ReviewView } from '@/features/editorial/components/review-view';
import '@/styles/shop.css';
import '@/styles/orders.css';
import '@/styles/editorial.css';

/** /back-office/editorial/{id}: one submission under review, for editors and admins. */
export function Component() {
  const { t } = useTranslation('common');
  const submissionId = useParams().id ?? '';
  const viewer = useAppSelector((state) => selectAuth(state).userInfo);
  return (
    <>
      <PageHeader
        title={t('titles.backOfficeSubmission')}
        trail={[{ path: paths.backOfficeEditorial.getHref(), label: t('titles.backOfficeEditorial') }]}
      />
      <div className="container bo-page">
        <ReviewView key={submissionId} submissionId={submissionId} viewer={viewer} />
      </div>
    </>
  );
}
