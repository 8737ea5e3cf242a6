import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/app/hooks';
import { DisclosureMenu } from '@/components/ui/disclosure-menu';
import { CartIcon, CompareIcon, HeartIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { loadNamespaces } from '@/i18n/namespaces';
import { selectCartCount } from '@/features/cart/cart-slice';
import { selectCompareCount } from '@/features/compare/compare-slice';
import { selectWishlistCount } from '@/features/wishlist/wishlist-slice';
import { AccountMenu } from './account-menu';

// The mini-cart and its checkout (and the texts they use) load when the cart menu first opens.
const MiniCartPanel = lazy(async () => {
  const [module] = await Promise.all([
    import('./mini-cart-panel'),
    loadNamespaces(['shop', 'checkout', 'account', 'toast', 'errors', 'validation']),
  ]);
  return { default: module.MiniCartPanel };
});

function Badge({ count, testId }: { count: number; testId: string }) {
  return (
    <span className="badge" data-testid={testId} aria-hidden="true">
      {count}
    </span>
  );
}

/** Right side of the header: compare and wishlist counts, cart dropdown, account dropdown. */
export function HeaderActions() {
  const { t } = useTranslation('common');
  const compareCount = useAppSelector(selectCompareCount);
  const wishlistCount = useAppSelector(selectWishlistCount);
  const cartCount = useAppSelector(selectCartCount);

  return (
    <div className="header-actions">
      <Link
        to={paths.compare.getHref()}
        className="icon-button header-action header-action--secondary"
        aria-label={t('header.compare', { count: compareCount })}
      >
        <CompareIcon />
        <Badge count={compareCount} testId="compare-count" />
      </Link>
      <Link
        to={paths.wishlist.getHref()}
        className="icon-button header-action header-action--secondary"
        aria-label={t('header.wishlist', { count: wishlistCount })}
      >
        <HeartIcon />
        <Badge count={wishlistCount} testId="wishlist-count" />
      </Link>
      <DisclosureMenu
        label={t('header.cart', { count: cartCount })}
        trigger={
          <>
            <CartIcon />
            <Badge count={cartCount} testId="cart-count" />
          </>
        }
        className="cart-menu"
      >
        {(close) => (
          <div className="cart-menu__panel">
            <p className="cart-menu__heading">{t('cart.title')}</p>
            <Suspense fallback={<Spinner label={t('loading')} size="sm" />}>
              <MiniCartPanel onNavigate={close} />
            </Suspense>
          </div>
        )}
      </DisclosureMenu>
      <AccountMenu />
    </div>
  );
}
