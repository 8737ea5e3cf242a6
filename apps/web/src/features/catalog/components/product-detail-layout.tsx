import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductSummary } from '@hls/contract';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import type { TrailPage } from '../catalog-trail';
import { ProductDescription } from './product-description';
import { RelatedProducts } from './related-products';

type DetailProduct = ProductSummary & { description: string; related: ProductSummary[] };

/**
 * The frame of a book or file page: breadcrumb, cover, eyebrow, title and author, then `children` (what to buy
 * and the facts), the description with `after` it, and the related products.
 */
export function ProductDetailLayout({
  product,
  trail,
  coverAlt,
  eyebrow,
  relatedTitle,
  className = '',
  after,
  children,
}: {
  product: DetailProduct;
  trail: TrailPage[];
  coverAlt: string;
  eyebrow: ReactNode;
  relatedTitle: string;
  className?: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('catalog');
  return (
    <div className={`container product-detail ${className}`.trim()}>
      <Breadcrumb pages={trail} />
      <div className="product-detail__grid">
        <div className="product-detail__media">
          <img
            src={product.coverUrl}
            alt={coverAlt}
            width="480"
            height="640"
            className="product-detail__cover"
            fetchPriority="high"
          />
        </div>
        <div className="product-detail__info">
          <p className="product-detail__eyebrow">{eyebrow}</p>
          <h1 className="product-detail__title" lang={product.language}>
            {product.title}
          </h1>
          <p className="product-detail__author">{t('card.by', { author: product.author.name })}</p>
          {children}
        </div>
      </div>

      <div className="product-detail__text">
        <ProductDescription text={product.description} language={product.language} />
        {after}
      </div>

      <RelatedProducts title={relatedTitle} products={product.related} />
    </div>
  );
}

/** The language and category rows of a product's facts list. */
export function LanguageAndCategoryFacts({ product }: { product: ProductSummary }) {
  const { t, i18n } = useTranslation('catalog');
  const lang = i18n.language.startsWith('en') ? 'en' : 'fr';
  return (
    <>
      <div>
        <dt>{t('detail.facts.language')}</dt>
        <dd>{t(`languages.${product.language}`)}</dd>
      </div>
      <div>
        <dt>{t('detail.facts.category')}</dt>
        <dd>
          {product.category.name[lang]}
          {product.subcategory && ` › ${product.subcategory.name[lang]}`}
        </dd>
      </div>
    </>
  );
}
