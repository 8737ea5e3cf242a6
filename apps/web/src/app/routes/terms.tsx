import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { SalesTerms } from '@/features/content/components/sales-terms';
import { PageHead } from './page-head';

export function Component() {
  const { t } = useTranslation(['common', 'pages']);
  return (
    <>
      <PageHead
        title={t('common:titles.terms')}
        description={t('pages:terms.description')}
        path={paths.terms.getHref()}
        intro={t('common:intros.terms')}
        currentLabel={t('pages:terms.breadcrumb')}
      />
      <SalesTerms />
    </>
  );
}
