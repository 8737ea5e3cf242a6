import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
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
        <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
        <ButtonLink variant="secondary" to={paths.home.getHref()} reloadDocument>
          {t('notFound.home')}
        </ButtonLink>
      </div>
    </main>
  );
}
