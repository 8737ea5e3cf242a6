import { useDeferredValue } from 'react';
import type { ProductSummary } from '@hls/contract';
import { useTranslation } from 'react-i18next';
import { useGetDashboardQuery } from '../api/catalog-api';
import { interleave } from '../interleave';
import { DashboardRowsSkeleton, RowSection } from './dashboard-rows-skeleton';
import type { RowName } from './dashboard-rows-skeleton';
import { ProductCard } from './product-card';
import { Button } from '@/components/ui/button';

function Row({ row, products }: { row: RowName; products: ProductSummary[] }) {
  if (products.length === 0) return null;
  return (
    <RowSection row={row}>
      <ul className="product-grid product-grid--row">
        {products.map((product) => (
          <li key={`${product.kind}-${product.id}`}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </RowSection>
  );
}

/**
 * Rows of the home page ("New", "Popular", "Discounted") from the books and the files dashboards; both calls are
 * shared by every instance, and the one showing `new` also reports a failure.
 */
export function DashboardRows({ rows }: { rows: RowName[] }) {
  const { t } = useTranslation('catalog');
  const books = useGetDashboardQuery('books');
  const files = useGetDashboardQuery('files');
  // The cards render as a transition, in slices, rather than in one long task when the dashboards arrive.
  const loading = useDeferredValue(books.isLoading || files.isLoading);
  const failed = useDeferredValue(books.isError && files.isError);
  const booksData = useDeferredValue(books.data);
  const filesData = useDeferredValue(files.data);

  if (failed) {
    if (!rows.includes('new')) return null;
    return (
      <div className="catalog-state catalog-state--error" role="alert">
        <h2 className="section-title">{t('home.errorTitle')}</h2>
        <p>{t('home.errorBody')}</p>
        <Button
          onClick={() => {
            void books.refetch();
            void files.refetch();
          }}
        >
          {t('list.retry')}
        </Button>
      </div>
    );
  }

  if (loading) return <DashboardRowsSkeleton rows={rows} />;
  return (
    <div className="product-rows" aria-busy={false}>
      {rows.map((row) => (
        <Row key={row} row={row} products={interleave(booksData?.[row] ?? [], filesData?.[row] ?? [])} />
      ))}
    </div>
  );
}
