import type { ProductSummary } from '@hls/contract';
import { useId } from 'react';
import { ProductCard } from './product-card';

/** "Related books" / "Related files" below a detail page. */
export function RelatedProducts({ title, products }: { title: string; products: ProductSummary[] }) {
  const id = useId();
  if (products.length === 0) return null;
  return (
    <section className="related" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <ul className="product-grid product-grid--row">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
