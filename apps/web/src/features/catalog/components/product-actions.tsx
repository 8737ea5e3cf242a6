import { useTranslation } from 'react-i18next';
import { CartIcon, CompareIcon, HeartIcon } from '@/components/ui/icons';

type SecondaryActionsProps = {
  onAddToWishlist: () => void;
  onAddToCompare: () => void;
  inWishlist: boolean;
  inCompare: boolean;
};

/** Wishlist and compare buttons of a detail page. */
export function SecondaryActions({
  onAddToWishlist,
  onAddToCompare,
  inWishlist,
  inCompare,
}: SecondaryActionsProps) {
  const { t } = useTranslation('catalog');
  return (
    <div className="product-actions__secondary">
      <button
        type="button"
        className={`btn btn--ghost btn--md product-actions__icon${inWishlist ? ' is-active' : ''}`}
        onClick={onAddToWishlist}
      >
        <HeartIcon size={20} fill={inWishlist ? 'currentColor' : 'none'} />
        <span>{inWishlist ? t('actions.inWishlist') : t('actions.wishlist')}</span>
      </button>
      <button
        type="button"
        className={`btn btn--ghost btn--md product-actions__icon${inCompare ? ' is-active' : ''}`}
        onClick={onAddToCompare}
      >
        <CompareIcon size={20} />
        <span>{inCompare ? t('actions.inCompare') : t('actions.compare')}</span>
      </button>
    </div>
  );
}

/** The main action of a product page. */
export function AddToCartButton({ onClick, disabled = false }: { onClick: () => void; disabled?: boolean }) {
  const { t } = useTranslation('catalog');
  return (
    <button
      type="button"
      className="btn btn--primary btn--lg product-actions__cart"
      disabled={disabled}
      onClick={onClick}
    >
      <CartIcon size={20} />
      {t('actions.addToCart')}
    </button>
  );
}
