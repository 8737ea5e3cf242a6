import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { EmailConfirmation } from '@/features/auth/components/email-confirmation';

/** /email/confirm/:token — the link mailed to confirm an address (a new account's, or a new one). */
export function Component() {
  const { t } = useTranslation('common');
  const { token } = useParams();

  return (
    <>
      <PageHeader title={t('titles.emailConfirm')} />
      <div className="container narrow">
        <div className="auth-card">
          <EmailConfirmation key={token ?? ''} token={token || null} />
        </div>
      </div>
    </>
  );
}
