import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
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
      <Button
        variant="ghost"
        className={`product-actions__icon${inWishlist ? ' is-active' : ''}`}
        onClick={onAddToWishlist}
        icon={<HeartIcon size={20} fill={inWishlist ? 'currentColor' : 'none'} />}
      >
        {inWishlist ? t('actions.inWishlist') : t('actions.wishlist')}
      </Button>
      <Button
        variant="ghost"
        className={`product-actions__icon${inCompare ? ' is-active' : ''}`}
        onClick={onAddToCompare}
        icon={<CompareIcon size={20} />}
      >
        {inCompare ? t('actions.inCompare') : t('actions.compare')}
      </Button>
    </div>
  );
}

/** Whether an element is (almost) whole on screen (true until the browser has measured it). */
function useOnScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    // A button half under the screen's edge counts as off screen: the bar then shows it whole.
    const observer = new IntersectionObserver(
      ([entry]) => setOnScreen((entry?.intersectionRatio ?? 1) >= 0.9),
      { threshold: [0, 0.9, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, onScreen] as const;
}

/**
 * The main action of a product page. Given `stickyPrice`, a phone also gets a bar at the bottom of the screen with
 * the price and the same action while the button itself is off screen (above the fold on arrival, or scrolled
 * past). The bar repeats a control that is on the page, so it is hidden from assistive technologies and the
 * keyboard, which reach the button itself.
 */
export function AddToCartButton({
  onClick,
  disabled = false,
  stickyPrice,
}: {
  onClick: () => void;
  disabled?: boolean;
  stickyPrice?: ReactNode;
}) {
  const { t } = useTranslation('catalog');
  const [ref, onScreen] = useOnScreen<HTMLButtonElement>();
  return (
    <>
      <Button
        ref={ref}
        size="lg"
        className="product-actions__cart"
        disabled={disabled}
        onClick={onClick}
        icon={<CartIcon size={20} />}
      >
        {t('actions.addToCart')}
      </Button>
      {stickyPrice !== undefined && (
        <div className="buy-bar" aria-hidden="true" hidden={onScreen}>
          <div className="buy-bar__price">{stickyPrice}</div>
          <Button
            tabIndex={-1}
            className="buy-bar__cart"
            disabled={disabled}
            onClick={onClick}
            icon={<CartIcon size={18} />}
          >
            {t('actions.addToCart')}
          </Button>
        </div>
      )}
    </>
  );
}
