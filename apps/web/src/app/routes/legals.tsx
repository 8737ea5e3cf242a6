import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { LegalNotice } from '@/features/content/components/legal-notice';
import { PageHead } from './page-head';

export function Component() {
  const { t } = useTranslation(['common', 'pages']);
  return (
    <>
      <PageHead
        title={t('common:titles.legals')}
        description={t('pages:legals.description')}
        path={paths.legals.getHref()}
        intro={t('common:intros.legals')}
      />
      <LegalNotice />
    </>
  );
}
