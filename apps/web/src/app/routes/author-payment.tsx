import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function Component() {
  const { t } = useTranslation('common');
  return <PageHeader title={t('titles.authorPayment')} />;
}
