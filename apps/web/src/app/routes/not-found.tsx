import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useServerStatus } from '@/components/seo/server-page';

export function Component() {
  const { t } = useTranslation('common');
  useServerStatus(404);
  return (
    <section className="container not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p className="not-found__body">{t('notFound.body')}</p>
      <div className="not-found__actions">
        <Link className="btn btn--primary btn--md" to={paths.home.getHref()}>
          {t('notFound.home')}
        </Link>
        <Link className="btn btn--secondary btn--md" to={paths.bookshop.getHref()}>
          {t('notFound.bookshop')}
        </Link>
      </div>
    </section>
  );
}
