import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
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
        {!notFound && (
          <button type="button" className="btn btn--primary btn--md" onClick={onRetry}>
            {t('list.retry')}
          </button>
        )}
        <Link className={`btn ${notFound ? 'btn--primary' : 'btn--secondary'} btn--md`} to={listPath}>
          {listLabel}
        </Link>
        <Link className="btn btn--secondary btn--md" to={paths.home.getHref()}>
          {t('common:notFound.home')}
        </Link>
      </div>
    </section>
  );
}
