import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

/** /file-proposed: being built. */
export function Component() {
  const { t } = useTranslation('common');
  return <PageHeader title={t('titles.fileProposed')} />;
}
