import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { EmailChangeReport } from '@/features/auth/components/email-change-report';

/** /email/report/:token — the link mailed to the old address of an e-mail change, to report it. */
export function Component() {
  const { t } = useTranslation('common');
  const { token } = useParams();

  return (
    <>
      <PageHeader title={t('titles.emailReport')} />
      <div className="container narrow">
        <div className="auth-card">
          <EmailChangeReport key={token ?? ''} token={token || null} />
        </div>
      </div>
    </>
  );
}
