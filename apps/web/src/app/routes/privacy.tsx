import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PrivacyNotice } from '@/features/content/components/privacy-notice';
import { PageHead } from './page-head';

export function Component() {
  const { t } = useTranslation(['common', 'pages']);
  return (
    <>
      <PageHead
        title={t('common:titles.privacy')}
        description={t('pages:privacy.description')}
        path={paths.privacy.getHref()}
        intro={t('common:intros.privacy')}
      />
      <PrivacyNotice />
    </>
  );
}
