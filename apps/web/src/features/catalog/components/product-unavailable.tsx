import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { useServerStatus } from '@/components/seo/server-page';

type ProductUnavailableProps = {
  /** 404: not found (or not published); otherwise a failed call that may be retried. */
  notFound: boolean;
  listPath: string;
  listLabel: string;
  onRetry: () => void;
};

/** What a detail page shows when its product cannot be shown, with ways back into the catalogue. */
export function ProductUnavailable({ notFound, listPath, listLabel, onRetry }: ProductUnavailableProps) {
  const { t } = useTranslation('catalog');
  // A product that is not there is a 404; one the API could not give, a temporary failure.
  useServerStatus(notFound ? 404 : 503);
  return (
    <section className="container not-found" aria-labelledby="product-unavailable-title">
      {notFound && (
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
      )}
      <h1 id="product-unavailable-title">{notFound ? t('detail.notFoundTitle') : t('detail.errorTitle')}</h1>
      <p className="not-found__body">{notFound ? t('detail.notFoundBody') : t('detail.errorBody')}</p>
      <div className="not-found__actions">
        {!notFound && <Button onClick={onRetry}>{t('list.retry')}</Button>}
        <ButtonLink variant={notFound ? 'primary' : 'secondary'} to={listPath}>
          {listLabel}
        </ButtonLink>
        <ButtonLink variant="secondary" to={paths.home.getHref()}>
          {t('common:notFound.home')}
        </ButtonLink>
      </div>
    </section>
  );
}
