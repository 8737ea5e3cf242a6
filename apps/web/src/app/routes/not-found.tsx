import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
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
        <ButtonLink to={paths.home.getHref()}>{t('notFound.home')}</ButtonLink>
        <ButtonLink variant="secondary" to={paths.bookshop.getHref()}>
          {t('notFound.bookshop')}
        </ButtonLink>
      </div>
    </section>
  );
}
