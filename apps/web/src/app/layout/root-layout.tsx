import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { usePageViews } from '@/features/analytics/use-page-views';
import { useSessionKeeper } from '@/features/auth/use-session-keeper';
import { setRouteHead } from '@/components/seo/seo-head';
import { useServerHead } from '@/components/seo/server-page';
import { Header } from './header';
import { useRouteHandle } from './use-route-handle';

// Below the fold, and with live data (site contacts, the contract link): it comes with the API client, after the
// first paint.
const Footer = lazy(() => import('./footer').then((module) => ({ default: module.Footer })));
// Only ever shown after some scrolling.
const ScrollToTopButton = lazy(() =>
  import('./scroll-to-top-button').then((module) => ({ default: module.ScrollToTopButton })),
);

/** Route-handle title and intro as the fallback head; a screen's <Seo> overrides them. */
function useDocumentTitle() {
  const { t } = useTranslation('common');
  const handle = useRouteHandle();
  const title = handle ? t(handle.titleKey) : '';
  const description = handle?.introKey ? t(handle.introKey) : undefined;
  useServerHead('route', { title, description });
  useEffect(() => {
    setRouteHead(title ? { title, description } : null);
  }, [title, description]);
}

function useScrollToTopOnNavigation() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

export function RootLayout() {
  const { t } = useTranslation('common');
  const navigation = useNavigation();
  const afterFirstPaint = useAfterFirstPaint();
  useDocumentTitle();
  useScrollToTopOnNavigation();
  usePageViews();
  useSessionKeeper();

  return (
    <div className="app-shell">
      <a href="#main-content" className="skip-link">
        {t('skipToContent')}
      </a>
      <Header />
      {navigation.state === 'loading' && (
        <div className="route-progress">
          <Spinner label={t('loading')} size="sm" />
        </div>
      )}
      <main id="main-content" className="app-main" tabIndex={-1}>
        {/* Screens load their translations with their chunk; this only shows if one was left out. */}
        <Suspense fallback={<Spinner label={t('loading')} size="lg" />}>
          <Outlet />
        </Suspense>
      </main>
      {afterFirstPaint && (
        <Suspense fallback={null}>
          <Footer />
          <ScrollToTopButton />
        </Suspense>
      )}
    </div>
  );
}
