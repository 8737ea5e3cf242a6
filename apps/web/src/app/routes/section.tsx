import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { useRouteHandle } from '../layout/use-route-handle';

/** Heading and breadcrumb of a screen, from its route handle. */
export function Component() {
  const { t } = useTranslation('common');
  const handle = useRouteHandle();
  if (!handle) return null;
  return (
    <PageHeader
      title={t(handle.titleKey)}
      intro={handle.introKey ? t(handle.introKey) : undefined}
      trail={handle.trail?.map((crumb) => ({ path: crumb.path, label: t(crumb.labelKey) }))}
    />
  );
}
