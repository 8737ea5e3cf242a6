import type { ProductSummary } from '@hls/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FileTypeIcon } from '@/components/ui/file-type-icon';
import { RatingStars } from '@/components/ui/rating-stars';
import { productPath } from '@/config/paths';
import { useAppLanguage } from '@/i18n/use-app-language';
import { formatRating } from '@/lib/format-rating';
import { useIntlLocale } from '../use-intl-locale';
import { ProductPrice } from './product-price';

type ProductCardProps = {
  product: ProductSummary;
  /** Heading level of the title inside the surrounding outline. */
  headingLevel?: 2 | 3;
  /** Cards above the fold load their cover at once; the others lazily. */
  eager?: boolean;
};

/** A product in a grid or a row: cover, title, author, price; the whole card opens the detail page. */
export function ProductCard({ product, headingLevel = 3, eager = false }: ProductCardProps) {
  const { t } = useTranslation('catalog');
  const Heading = `h${headingLevel}` as const;
  const lang = useAppLanguage();
  return (
    <article className={`product-card product-card--${product.kind}`}>
      <div className="product-card__media">
        <img
          src={product.coverUrl}
          alt=""
          width="240"
          height="320"
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="product-card__cover"
        />
      </div>
      <div className="product-card__body">
        <p className="product-card__category">
          {product.fileType && (
            <FileTypeIcon type={product.fileType} size={18} label={t(`fileTypes.${product.fileType}`)} />
          )}
          <span>{product.category.name[lang]}</span>
          <span className="product-card__language">
            <span aria-hidden="true">·</span> {t(`languages.${product.language}`)}
          </span>
        </p>
        <Heading className="product-card__title">
          <Link to={productPath(product)} className="product-card__link" lang={product.language}>
            {product.title}
          </Link>
        </Heading>
        <p className="product-card__author">{t('card.by', { author: product.author.name })}</p>
        {product.rating && <CardRating rating={product.rating} />}
        {product.downloads ? (
          <p className="product-card__downloads">{t('card.downloads', { count: product.downloads })}</p>
        ) : null}
        {product.kind === 'book' && product.formats.length > 0 && (
          <p className="product-card__formats">
            {product.formats.map((format) => t(`editions.${format}`)).join(' · ')}
          </p>
        )}
        <ProductPrice price={product.price} free={product.free} from={product.formats.length > 1} />
      </div>
    </article>
  );
}

/** The approved reviews' stars and how many there are; the stars' label says both to assistive technology. */
function CardRating({ rating }: { rating: NonNullable<ProductSummary['rating']> }) {
  const { t } = useTranslation('common');
  const locale = useIntlLocale();
  return (
    <p className="product-card__rating">
      <RatingStars
        size="sm"
        value={rating.average}
        label={t('rating.summary', { average: formatRating(rating.average, locale), count: rating.count })}
      />
      <span aria-hidden="true">({rating.count.toLocaleString(locale)})</span>
    </p>
  );
}
