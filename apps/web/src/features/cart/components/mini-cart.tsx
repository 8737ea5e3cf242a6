import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { notify } from '@/components/ui/notify';
import { paths } from '@/config/paths';
import { discountedPrice, formatMoney } from '@/lib/money';
import { deleteFromCart, selectCartItems } from '../cart-slice';

/** Dropdown content of the header cart (SPEC §2 Mini-cart). */
export function MiniCart({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation(['common', 'toast']);
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const locale = i18n.language === 'en' ? 'en-GB' : 'fr-FR';

  if (items.length === 0) {
    return <p className="mini-cart__empty">{t('common:cart.empty')}</p>;
  }

  const total = items.reduce(
    (sum, item) => sum + discountedPrice(item.price, item.discount) * item.quantity,
    0,
  );

  return (
    <div className="mini-cart">
      <ul className="mini-cart__list">
        {items.map((item) => {
          const unit = discountedPrice(item.price, item.discount);
          return (
            <li key={item.cartItemId} className="mini-cart__item">
              <img
                src={item.image}
                alt=""
                className="mini-cart__image"
                width="48"
                height="64"
                loading="lazy"
              />
              <div className="mini-cart__info">
                <p className="mini-cart__title">{item.title}</p>
                <p className="mini-cart__meta">
                  {t('common:cart.quantity', { count: item.quantity })} ·{' '}
                  {item.discount > 0 && <del className="price-old">{formatMoney(item.price, locale)}</del>}{' '}
                  <span className="price">{formatMoney(unit, locale)}</span>
                </p>
              </div>
              <button
                type="button"
                className="icon-button mini-cart__remove"
                onClick={() => {
                  dispatch(deleteFromCart({ cartItemId: item.cartItemId }));
                  notify.info(t('toast:removedFromCart'));
                }}
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
          );
        })}
      </ul>
      <p className="mini-cart__total">
        <span>{t('common:cart.total')}</span>
        <strong>{formatMoney(total, locale)}</strong>
      </p>
      <Link to={paths.cart.getHref()} className="btn btn--primary btn--md btn--block" onClick={onNavigate}>
        {t('common:cart.view')}
      </Link>
    </div>
  );
}
