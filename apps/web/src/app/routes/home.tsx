import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { useWholeShell } from '@/lib/after-first-paint';
import { loaderStore } from '@/app/current-store';
import { BookIcon, BriefcaseIcon, CapIcon } from '@/components/ui/icons';
import { paths, SEARCH_PARAM } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { DashboardRowsSkeleton } from '@/features/catalog/components/dashboard-rows-skeleton';
import type { RowName } from '@/features/catalog/components/dashboard-rows-skeleton';
import { Seo } from '@/components/seo/seo';
import { useSiteOrigin } from '@/components/seo/site-origin';

// The product rows, their cards and the API client load once the first screen is painted (their skeletons hold
// the place meanwhile), or with the page when the server rendered it.
const LazyDashboardRows = lazy(() =>
  import('@/features/catalog/components/dashboard-rows').then((module) => ({
    default: module.DashboardRows,
  })),
);

function DashboardRows({ rows }: { rows: RowName[] }) {
  if (!useWholeShell()) return <DashboardRowsSkeleton rows={rows} />;
  return (
    <Suspense fallback={<DashboardRowsSkeleton rows={rows} />}>
      <LazyDashboardRows rows={rows} />
    </Suspense>
  );
}

/** Starts the rows' requests (the books and files dashboards); on the server, the render waits for them. */
// eslint-disable-next-line react-refresh/only-export-components -- React Router reads `loader` from the route module.
export async function loader({ context }: LoaderFunctionArgs) {
  const store = loaderStore(context);
  if (store) {
    // Imported here: the home page's first load does without the API client until it is painted.
    const { catalogApi } = await import('@/features/catalog/api/catalog-api');
    void store.dispatch(catalogApi.util.prefetch('getDashboard', 'books', {}));
    void store.dispatch(catalogApi.util.prefetch('getDashboard', 'files', {}));
  }
  return null;
}

/** schema.org WebSite with the site's search (all three sections), so search engines can offer a search box. */
function websiteJsonLd(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: `${origin}${paths.search.getHref()}?${SEARCH_PARAM}={search_term_string}`,
      'query-input': 'required name=search_term_string',
    },
  };
}

export function Component() {
  const { t } = useTranslation(['common', 'catalog']);
  const origin = useSiteOrigin();
  const sections = [
    { key: 'academic', to: paths.academic.getHref(), Icon: CapIcon },
    { key: 'professional', to: paths.professional.getHref(), Icon: BriefcaseIcon },
    { key: 'bookshop', to: paths.bookshop.getHref(), Icon: BookIcon },
  ] as const;

  return (
    <>
      <Seo
        title={t('catalog:seo.homeTitle')}
        description={t('catalog:seo.homeDescription')}
        jsonLd={websiteJsonLd(origin)}
      />
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <p className="hero__eyebrow">{t('home.eyebrow')}</p>
          <h1 id="hero-title" className="hero__title">
            {t('home.title')}
          </h1>
          <p className="hero__text">{t('home.text')}</p>
          <div className="hero__actions">
            <ButtonLink to={paths.bookshop.getHref()} variant="accent" size="lg">
              {t('home.ctaBookshop')}
            </ButtonLink>
            <ButtonLink to={paths.publish.getHref()} variant="on-dark" size="lg">
              {t('home.ctaAuthor')}
            </ButtonLink>
          </div>
        </div>
      </section>
      <div className="container">
        <DashboardRows rows={['new']} />
      </div>
      <section className="container home-sections" aria-labelledby="sections-title">
        <h2 id="sections-title" className="section-title">
          {t('home.sectionsTitle')}
        </h2>
        <ul className="section-cards">
          {sections.map(({ key, to, Icon }) => (
            <li key={key} className={`section-card section-card--${key}`}>
              <span className="section-card__icon">
                <Icon />
              </span>
              <h3 className="section-card__title">{t(`home.sections.${key}.title`)}</h3>
              <p className="section-card__text">{t(`home.sections.${key}.text`)}</p>
              <Link to={to} className="section-card__link">
                {t(`home.sections.${key}.link`)}
                <span aria-hidden="true"> →</span>
              </Link>
            </li>
          ))}
        </ul>
        <ul className="promises">
          <li>{t('home.promises.delivery')}</li>
          <li>{t('home.promises.download')}</li>
          <li>{t('home.promises.withdrawal')}</li>
        </ul>
      </section>
      <div className="container">
        <DashboardRows rows={['popular', 'discounted']} />
      </div>
    </>
  );
}
