import { useTranslation } from 'react-i18next';
import { discountedPrice } from '@hls/contract/money';
import { formatMoney } from '@/lib/money';

/** A price in cents as the shop lists it: "Free", or the discounted price beside the struck-through list price. */
export function ListedPrice({
  cents,
  discount,
  locale,
  from = false,
}: {
  cents: number;
  discount: number;
  locale: string;
  /** "From €9.90": a book whose editions are priced apart, listed at its cheapest. */
  from?: boolean;
}) {
  const { t } = useTranslation('shop');
  if (cents === 0) return <span className="price">{t('price.free')}</span>;
  const amount = formatMoney(discountedPrice(cents, discount), locale);
  return (
    <>
      <span className="price">{from ? t('price.from', { amount }) : amount}</span>
      {discount > 0 && (
        <>
          {' '}
          <del className="price-old">
            <span className="visually-hidden">{t('price.was')} </span>
            {formatMoney(cents, locale)}
          </del>
        </>
      )}
    </>
  );
}
