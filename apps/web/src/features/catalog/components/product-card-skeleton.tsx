import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder of a card while the list loads. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <Skeleton className="product-card__media skeleton--media" />
      <div className="product-card__body">
        <Skeleton width="40%" height="0.8rem" />
        <Skeleton width="90%" height="1.1rem" />
        <Skeleton width="60%" height="0.9rem" />
        <Skeleton width="35%" height="1.1rem" />
      </div>
    </div>
  );
}
