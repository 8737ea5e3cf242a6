import { useId } from 'react';
import type { Dashboard, ProductSummary } from '@hls/contract';
import { useTranslation } from 'react-i18next';
import { useGetDashboardQuery } from '../api/catalog-api';
import { interleave } from '../interleave';
import { ProductCard, ProductCardSkeleton } from './product-card';

type RowName = keyof Dashboard;

function Row({
  row,
  products,
  loading,
}: {
  row: keyof Dashboard;
  products: ProductSummary[];
  loading: boolean;
}) {
  const { t } = useTranslation('catalog');
  const id = useId();
  if (!loading && products.length === 0) return null;
  return (
    <section className="product-row" aria-labelledby={id}>
      <div className="product-row__head">
        <h2 id={id} className="section-title">
          {t(`home.rows.${row}.title`)}
        </h2>
        <p className="product-row__text">{t(`home.rows.${row}.text`)}</p>
      </div>
      {loading ? (
        <ul className="product-grid product-grid--row" aria-hidden="true">
          {Array.from({ length: 4 }, (_, index) => (
            <li key={index}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      ) : (
        <ul className="product-grid product-grid--row">
          {products.map((product) => (
            <li key={`${product.kind}-${product.id}`}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </section>
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
  const loading = books.isLoading || files.isLoading;
  const failed = books.isError && files.isError;

  if (failed) {
    if (!rows.includes('new')) return null;
    return (
      <div className="catalog-state catalog-state--error" role="alert">
        <h2 className="section-title">{t('home.errorTitle')}</h2>
        <p>{t('home.errorBody')}</p>
        <button
          type="button"
          className="btn btn--primary btn--md"
          onClick={() => {
            void books.refetch();
            void files.refetch();
          }}
        >
          {t('list.retry')}
        </button>
      </div>
    );
  }

  return (
    <div className="product-rows" aria-busy={loading}>
      {loading && (
        <p role="status" className="visually-hidden">
          {t('list.loading')}
        </p>
      )}
      {rows.map((row) => (
        <Row
          key={row}
          row={row}
          loading={loading}
          products={interleave(books.data?.[row] ?? [], files.data?.[row] ?? [])}
        />
      ))}
    </div>
  );
}
