import type { Price } from '@hls/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';
import { useIntlLocale } from '../use-intl-locale';

type ProductPriceProps = {
  price: Price;
  free?: boolean;
  /** "From €9.90" on cards of books whose editions have different prices. */
  from?: boolean;
  size?: 'md' | 'lg';
};

/** The price to pay, with the list price struck through and the percentage when a discount applies (SPEC §5). */
export function ProductPrice({ price, free = false, from = false, size = 'md' }: ProductPriceProps) {
  const { t } = useTranslation('catalog');
  const locale = useIntlLocale();
  if (free) {
    return (
      <p className={`product-price product-price--${size}`}>
        <span className="product-price__free">{t('price.free')}</span>
      </p>
    );
  }
  const discounted = price.discountPercent > 0 && price.finalPriceCents < price.priceCents;
  const amount = formatMoney(price.finalPriceCents, locale);
  return (
    <p className={`product-price product-price--${size}`}>
      <span className="product-price__final">{from ? t('price.from', { amount }) : amount}</span>
      {discounted && (
        <>
          {' '}
          <del className="product-price__old">
            <span className="visually-hidden">{t('price.was')} </span>
            {formatMoney(price.priceCents, locale)}
          </del>{' '}
          <span className="product-price__discount">
            {t('price.discount', { percent: price.discountPercent })}
          </span>
        </>
      )}
    </p>
  );
}
