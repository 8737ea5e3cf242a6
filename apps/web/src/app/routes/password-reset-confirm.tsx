import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function Component() {
  const { t } = useTranslation('common');
  const params = useParams();
  const [searchParams] = useSearchParams();
  const token = params.token ?? searchParams.get('token');

  return (
    <>
      <PageHeader
        title={t('titles.passwordReset')}
        trail={[{ path: paths.loginRegister.getHref(), label: t('titles.loginRegister') }]}
      />
      <div className="container narrow">
        <div className="auth-card">
          <ResetPasswordForm key={token ?? ''} token={token || null} />
        </div>
      </div>
    </>
  );
}
