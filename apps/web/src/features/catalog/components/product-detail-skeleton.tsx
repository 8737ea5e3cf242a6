import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/** The shape of a detail page while its product loads. */
export function ProductDetailSkeleton() {
  const { t } = useTranslation('catalog');
  return (
    <div className="container product-detail">
      <p role="status" className="visually-hidden">
        {t('detail.loading')}
      </p>
      <Skeleton width="40%" height="1rem" style={{ marginBottom: 'var(--space-4)' }} />
      <div className="product-detail__grid" aria-hidden="true">
        <div className="product-detail__media">
          <Skeleton className="product-detail__cover" />
        </div>
        <div className="product-detail__info product-detail__info--skeleton">
          <Skeleton width="30%" height="0.9rem" />
          <Skeleton width="85%" height="2.4rem" />
          <Skeleton width="40%" height="1.1rem" />
          <Skeleton width="100%" height="4rem" />
          <Skeleton width="100%" height="12rem" />
        </div>
      </div>
    </div>
  );
}
