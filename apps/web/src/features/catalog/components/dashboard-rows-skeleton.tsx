import { useId } from 'react';
import type { ReactNode } from 'react';
import type { Dashboard } from '@hls/contract';
import { useTranslation } from 'react-i18next';
import { ProductCardSkeleton } from './product-card-skeleton';

export type RowName = keyof Dashboard;

/** One row of the home page ("New", "Popular", "Discounted"): heading, line of text, then its cards. */
export function RowSection({ row, children }: { row: RowName; children: ReactNode }) {
  const { t } = useTranslation('catalog');
  const id = useId();
  return (
    <section className="product-row" aria-labelledby={id}>
      <div className="product-row__head">
        <h2 id={id} className="section-title">
          {t(`home.rows.${row}.title`)}
        </h2>
        <p className="product-row__text">{t(`home.rows.${row}.text`)}</p>
      </div>
      {children}
    </section>
  );
}

/**
 * The rows while they load, in the place and size the cards will take. The home page shows them while the
 * rows' code (and the API client with it) arrives, and the rows while the dashboards are fetched.
 */
export function DashboardRowsSkeleton({ rows }: { rows: RowName[] }) {
  const { t } = useTranslation('catalog');
  return (
    <div className="product-rows" aria-busy={true}>
      <p role="status" className="visually-hidden">
        {t('list.loading')}
      </p>
      {rows.map((row) => (
        <RowSection key={row} row={row}>
          <ul className="product-grid product-grid--row" aria-hidden="true">
            {Array.from({ length: 4 }, (_, index) => (
              <li key={index}>
                <ProductCardSkeleton />
              </li>
            ))}
          </ul>
        </RowSection>
      ))}
    </div>
  );
}
