import { useTranslation } from 'react-i18next';
import { Seo } from '@/components/seo/seo';
import { ProductUnavailable } from '@/features/catalog/components/product-unavailable';
import { toApiFailure } from '@/lib/api-error';

type ProductMissingProps = {
  id: number | null;
  /** Why the product did not come: a 404 (or an id that is not one) says it does not exist. */
  error: unknown;
  /** The list to go back to, and its name. */
  listPath: string;
  listLabel: string;
  onRetry: () => void;
};

/** A product that does not exist or did not load: said so, with the way back to its list (and a retry). */
export function ProductMissing({ id, error, listPath, listLabel, onRetry }: ProductMissingProps) {
  const { t } = useTranslation('catalog');
  return (
    <>
      <Seo title={t('catalog:detail.notFoundTitle')} />
      <ProductUnavailable
        notFound={id === null || toApiFailure(error).status === 404}
        listPath={listPath}
        listLabel={listLabel}
        onRetry={onRetry}
      />
    </>
  );
}
