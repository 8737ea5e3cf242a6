import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductSummary } from '@hls/contract';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { RatingStars } from '@/components/ui/rating-stars';
import { useAppLanguage } from '@/i18n/use-app-language';
import { formatRating } from '@/lib/format-rating';
import type { TrailPage } from '../catalog-trail';
import { useIntlLocale } from '../use-intl-locale';
import { ProductDescription } from './product-description';
import { RelatedProducts } from './related-products';

type DetailProduct = ProductSummary & { description: string; related: ProductSummary[] };

/**
 * The frame of a book or file page: breadcrumb, cover, eyebrow, title, author and stars, then `children` (what to
 * buy and the facts), the description with `after` it, the customer reviews (`reviews`, which the stars link to at
 * `#reviews`) and the related products.
 */
export function ProductDetailLayout({
  product,
  trail,
  coverAlt,
  eyebrow,
  relatedTitle,
  className = '',
  after,
  reviews,
  children,
}: {
  product: DetailProduct;
  trail: TrailPage[];
  coverAlt: string;
  eyebrow: ReactNode;
  relatedTitle: string;
  className?: string;
  after?: ReactNode;
  reviews?: ReactNode;
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
          {product.rating && <DetailRating rating={product.rating} />}
          {children}
        </div>
      </div>

      <div className="product-detail__text">
        <ProductDescription text={product.description} language={product.language} />
        {after}
      </div>

      {reviews}

      <RelatedProducts title={relatedTitle} products={product.related} />
    </div>
  );
}

/** The stars of a product's approved reviews, with a link to them. */
function DetailRating({ rating }: { rating: NonNullable<ProductSummary['rating']> }) {
  const { t } = useTranslation(['catalog', 'common']);
  const locale = useIntlLocale();
  return (
    <p className="product-detail__rating">
      <RatingStars
        value={rating.average}
        label={t('common:rating.summary', {
          average: formatRating(rating.average, locale),
          count: rating.count,
        })}
      />
      <a href="#reviews">{t('catalog:card.reviewsLink', { count: rating.count })}</a>
    </p>
  );
}

/** The language and category rows of a product's facts list. */
export function LanguageAndCategoryFacts({ product }: { product: ProductSummary }) {
  const { t } = useTranslation('catalog');
  const lang = useAppLanguage();
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
