import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

/** Last-resort screen when a screen fails to load (for instance a stale chunk after a deployment). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <main id="main-content" className="container error-screen">
      <h1>{t('error.title')}</h1>
      <p>{status === 404 ? t('notFound.body') : t('error.body')}</p>
      <div className="error-screen__actions">
        <button type="button" className="btn btn--primary btn--md" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
        <Link className="btn btn--secondary btn--md" to={paths.home.getHref()} reloadDocument>
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  );
}
