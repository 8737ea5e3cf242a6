import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { VersionEmailsOff } from '@/features/downloads/components/version-emails-off';

/** /email/versions-off/:token — the link of a new-version e-mail that turns these e-mails off, without login. */
export function Component() {
  const { t } = useTranslation('common');
  const { token } = useParams();

  return (
    <>
      <PageHeader title={t('titles.versionsOff')} />
      <div className="container narrow">
        <div className="auth-card">
          <VersionEmailsOff key={token ?? ''} token={token || null} />
        </div>
      </div>
    </>
  );
}
