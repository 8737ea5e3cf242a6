import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PublishGuide, TIPS_ID } from '@/features/content/components/publish-guide';
import { PageHead } from './page-head';

/** Navigation state that asks for the tips section (SPEC §2: element "vents", as in "ventes"). */
const wantsTips = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { element?: unknown }).element === 'vents';

export function Component() {
  const { t } = useTranslation(['common', 'pages']);
  const location = useLocation();
  const tips = wantsTips(location.state);
  const scrollToTips = tips || location.hash === `#${TIPS_ID}`;

  useEffect(() => {
    if (!scrollToTips) return undefined;
    // After the layout's scroll to top of this navigation.
    const frame = requestAnimationFrame(() => {
      const section = document.getElementById(TIPS_ID);
      if (!section) return;
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      section.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
      section.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [scrollToTips, location.key]);

  return (
    <>
      <PageHead
        title={t('common:titles.publish')}
        description={t('pages:publish.description')}
        path={paths.publish.getHref()}
        intro={t('common:intros.publish')}
        {...(tips ? { currentLabel: t('pages:publish.breadcrumbTips') } : {})}
      />
      <PublishGuide />
    </>
  );
}
