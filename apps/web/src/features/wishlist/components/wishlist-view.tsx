import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { HeartIcon } from '@/components/ui/icons';
import { ListedPrice } from '@/components/ui/listed-price';
import { SavedListScreen } from '@/components/ui/saved-list-screen';
import { productPath } from '@/config/paths';
import { intlLocale } from '@/lib/money';
import { deleteAllFromWishlist, deleteFromWishlist, selectWishlistItems } from '../wishlist-slice';
import type { WishlistItem } from '../wishlist-slice';

const productHref = (item: WishlistItem) => productPath({ id: item.id, kind: item.type });

/** A book on sale in several editions needs its page to choose one; anything else goes straight to the cart. */
const needsEditionChoice = (item: WishlistItem) => item.type === 'book' && (item.formats?.length ?? 0) > 1;

/** A free document is downloaded, never bought. */
const isFree = (item: WishlistItem) => item.type === 'file' && item.price === 0;

type WishlistViewProps = {
  /** Puts the product in the cart (a book with its only edition). */
  onAddToCart: (item: WishlistItem) => void;
  /** What a free document offers instead (its download). */
  freeAction?: (item: WishlistItem) => ReactNode;
};

/** The wishlist screen: cards with add to cart and remove, and clear all (SPEC §4). */
export function WishlistView({ onAddToCart, freeAction }: WishlistViewProps) {
  const { t, i18n } = useTranslation('shop');
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectWishlistItems);
  const locale = intlLocale(i18n.language);

  return (
    <SavedListScreen
      count={items.length}
      empty={{
        title: t('wishlist.emptyTitle'),
        text: t('wishlist.emptyText'),
        icon: <HeartIcon size={40} />,
      }}
      clearLabel={t('wishlist.clear')}
      onClear={() => dispatch(deleteAllFromWishlist())}
    >
      <ul className="shop-cards">
        {items.map((item) => (
          <li key={item.id} className="shop-card">
            <img
              className="shop-card__image"
              src={item.image}
              alt=""
              width="150"
              height="200"
              loading="lazy"
            />
            <div className="shop-card__body">
              <h2 className="shop-card__title">
                <Link to={productHref(item)}>{item.title}</Link>
              </h2>
              <p className="shop-card__kind">
                {item.type === 'book'
                  ? item.formats?.length === 1
                    ? t(`kind.${item.formats[0]}`)
                    : t('kind.book')
                  : item.extension
                    ? t('kind.fileOf', { type: t(`fileTypes.${item.extension}`) })
                    : t('kind.file')}
              </p>
              <p className="shop-card__price">
                <ListedPrice
                  cents={item.price}
                  discount={item.discount}
                  locale={locale}
                  from={needsEditionChoice(item)}
                />
              </p>
              <div className="shop-card__actions">
                {isFree(item) ? (
                  freeAction?.(item)
                ) : needsEditionChoice(item) ? (
                  <ButtonLink
                    size="sm"
                    to={productHref(item)}
                    aria-label={t('wishlist.chooseEditionLabel', { title: item.title })}
                  >
                    {t('wishlist.chooseEdition')}
                  </ButtonLink>
                ) : (
                  <Button
                    size="sm"
                    onClick={() => onAddToCart(item)}
                    aria-label={t('wishlist.addToCartLabel', { title: item.title })}
                  >
                    {t('wishlist.addToCart')}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => dispatch(deleteFromWishlist({ id: item.id }))}
                  aria-label={t('wishlist.remove', { title: item.title })}
                >
                  {t('cart.removeShort')}
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </SavedListScreen>
  );
}
