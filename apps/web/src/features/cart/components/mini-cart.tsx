import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { ButtonLink } from '@/components/ui/button-link';
import { paths, productPath } from '@/config/paths';
import { formatMoney, intlLocale } from '@/lib/money';
import { deleteFromCart, isDigitalLine, selectCartItems, selectCartTotals, unitPrice } from '../cart-slice';
import { LineKind } from './line-kind';

type MiniCartProps = {
  onNavigate?: () => void;
  /** What starts the checkout from the dropdown (the layout composes the checkout in). */
  checkoutAction?: ReactNode;
};

/** Dropdown content of the header cart (SPEC §2 Mini-cart): lines, total, checkout and the cart's page. */
export function MiniCart({ onNavigate, checkoutAction }: MiniCartProps) {
  const { t, i18n } = useTranslation(['common', 'shop']);
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const { total } = useAppSelector(selectCartTotals);
  const locale = intlLocale(i18n.language);

  if (items.length === 0) {
    return <p className="mini-cart__empty">{t('common:cart.empty')}</p>;
  }

  return (
    <div className="mini-cart">
      <ul className="mini-cart__list">
        {items.map((item) => (
          <li key={item.cartItemId} className="mini-cart__item">
            <img src={item.image} alt="" className="mini-cart__image" width="48" height="64" loading="lazy" />
            <div className="mini-cart__info">
              <p className="mini-cart__title">
                <Link to={productPath({ id: item.id, kind: item.type })} onClick={onNavigate}>
                  {item.title}
                </Link>
              </p>
              <p className="mini-cart__meta">
                <LineKind item={item} />
                {!isDigitalLine(item) && <> · {t('common:cart.quantity', { count: item.quantity })}</>}
              </p>
              <p className="mini-cart__meta">
                {item.discount > 0 && (
                  <>
                    <del className="price-old">
                      <span className="visually-hidden">{t('shop:price.was')} </span>
                      {formatMoney(item.price, locale)}
                    </del>{' '}
                  </>
                )}
                <span className="price">{formatMoney(unitPrice(item), locale)}</span>
              </p>
            </div>
            <button
              type="button"
              className="icon-button mini-cart__remove"
              onClick={() => dispatch(deleteFromCart({ cartItemId: item.cartItemId }))}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                width="16"
                height="16"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
              <span className="visually-hidden">{t('common:cart.remove', { title: item.title })}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="mini-cart__total">
        <span>{t('common:cart.total')}</span>
        <strong>{formatMoney(total, locale)}</strong>
      </p>
      <div className="mini-cart__actions">
        {checkoutAction}
        <ButtonLink
          to={paths.cart.getHref()}
          variant={checkoutAction ? 'secondary' : 'primary'}
          block
          onClick={onNavigate}
        >
          {t('common:cart.view')}
        </ButtonLink>
      </div>
    </div>
  );
}
