import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PaperDeliveryNote, type DeliveryDays } from '@/components/order/paper-delivery-note';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { CartIcon } from '@/components/ui/icons';
import { paths, productPath } from '@/config/paths';
import { formatMoney, intlLocale } from '@/lib/money';
import {
  addToCart,
  decreaseQuantity,
  deleteAllFromCart,
  deleteFromCart,
  isDigitalLine,
  lineTotal,
  removeBooksFromCart,
  restoreCartLines,
  selectCartItems,
  selectCartTotals,
  unitPrice,
} from '../cart-slice';
import type { CartItem } from '../cart-slice';
import { BrowseLinks } from '@/components/ui/browse-links';
import { LineKind } from './line-kind';
import { QuantityStepper } from './quantity-stepper';

function CartLine({ item, locale, error }: { item: CartItem; locale: string; error?: string | undefined }) {
  const { t } = useTranslation('shop');
  const dispatch = useAppDispatch();
  const { quantity, cartItemId, ...rest } = item;
  return (
    <li className="cart-line">
      <img className="cart-line__image" src={item.image} alt="" width="72" height="96" loading="lazy" />
      <div className="cart-line__info">
        <h3 className="cart-line__title">
          <Link to={productPath({ id: item.id, kind: item.type })}>{item.title}</Link>
        </h3>
        <p className="cart-line__kind">
          <LineKind item={item} />
        </p>
        <p className="cart-line__unit">
          <span className="visually-hidden">{t('cart.unitPrice')}: </span>
          {item.discount > 0 && (
            <>
              <del className="price-old">
                <span className="visually-hidden">{t('price.was')} </span>
                {formatMoney(item.price, locale)}
              </del>{' '}
            </>
          )}
          <span className="price">{formatMoney(unitPrice(item), locale)}</span>
          {item.discount > 0 && <span className="cart-line__discount"> −{item.discount} %</span>}
        </p>
        {error && (
          <p className="cart-line__error" id={`cart-line-${cartItemId}-error`}>
            {error}
          </p>
        )}
      </div>
      <div className="cart-line__quantity">
        {isDigitalLine(item) ? (
          <p className="cart-line__licence">{t('cart.licence')}</p>
        ) : (
          <QuantityStepper
            title={item.title}
            quantity={quantity}
            onDecrease={() => dispatch(decreaseQuantity({ cartItemId }))}
            onIncrease={() => dispatch(addToCart({ ...rest, quantity: 1 }))}
          />
        )}
      </div>
      <p className="cart-line__total">
        <span className="visually-hidden">{t('cart.lineTotal')}: </span>
        {formatMoney(lineTotal(item), locale)}
      </p>
      <Button
        variant="ghost"
        size="sm"
        className="cart-line__remove"
        onClick={() => dispatch(deleteFromCart({ cartItemId }))}
        aria-label={t('cart.remove', { title: item.title })}
      >
        {t('cart.removeShort')}
      </Button>
    </li>
  );
}

type CartViewProps = {
  /** What starts the checkout (the order is created by the checkout, which the screen composes in). */
  checkoutAction?: ReactNode;
  /** Why the shop cannot sell some lines, by cart line id. */
  lineErrors?: Record<string, string>;
  /** Working days paper books take to arrive (the site's settings). */
  delivery?: DeliveryDays | undefined;
};

/** How long "Undo" stays offered after the cart is emptied. */
const UNDO_MS = 10_000;

/** "Your cart was emptied. Undo": takes the focus from the button that went, and goes after a few seconds. */
function UndoEmpty({ onUndo, onExpire }: { onUndo: () => void; onExpire: () => void }) {
  const { t } = useTranslation('shop');
  const button = useRef<HTMLButtonElement>(null);
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  }, [onExpire]);
  useEffect(() => {
    button.current?.focus();
    const timer = window.setTimeout(() => expire.current(), UNDO_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div className="cart-undo" role="status">
      <span>{t('cart.emptied')}</span>
      <Button ref={button} variant="secondary" size="sm" onClick={onUndo}>
        {t('cart.undo')}
      </Button>
    </div>
  );
}

/** The cart screen: the order summary first (total and checkout in sight on a phone), then lines and quantities. */
export function CartView({ checkoutAction, lineErrors = {}, delivery }: CartViewProps = {}) {
  const { t, i18n } = useTranslation('shop');
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const totals = useAppSelector(selectCartTotals);
  const locale = intlLocale(i18n.language);
  const [emptied, setEmptied] = useState<CartItem[] | null>(null);

  const undo = emptied && (
    <UndoEmpty
      onExpire={() => setEmptied(null)}
      onUndo={() => {
        dispatch(restoreCartLines(emptied));
        setEmptied(null);
      }}
    />
  );

  if (items.length === 0) {
    return (
      <div className="container shop-page">
        {undo}
        <EmptyState title={t('cart.emptyTitle')} text={t('cart.emptyText')} icon={<CartIcon size={40} />}>
          <BrowseLinks />
        </EmptyState>
      </div>
    );
  }

  const hasBooks = items.some((item) => item.type === 'book');
  const summary = (
    <aside className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="cart-summary__title">
        {t('cart.summary')}
      </h2>
      <dl className="cart-summary__rows">
        <div>
          <dt>{t('cart.subtotal')}</dt>
          <dd>{formatMoney(totals.subtotal, locale)}</dd>
        </div>
        {totals.discount > 0 && (
          <div className="cart-summary__discount">
            <dt>{t('cart.discounts')}</dt>
            <dd>−{formatMoney(totals.discount, locale)}</dd>
          </div>
        )}
        <div className="cart-summary__total">
          <dt>{t('cart.total')}</dt>
          <dd data-testid="cart-total">{formatMoney(totals.total, locale)}</dd>
        </div>
      </dl>
      {checkoutAction ?? (
        <ButtonLink variant="accent" size="lg" block to={paths.checkout.getHref()}>
          {t('cart.checkout')}
        </ButtonLink>
      )}
      {totals.hasPaperBooks && <PaperDeliveryNote days={delivery} className="cart-summary__note" />}
      {items.some(isDigitalLine) && <p className="cart-summary__note">{t('cart.digitalNote')}</p>}
    </aside>
  );

  return (
    <div className="container shop-page cart-layout">
      {summary}
      <section className="cart-lines" aria-labelledby="cart-lines-title">
        <h2 id="cart-lines-title" className="visually-hidden">
          {t('cart.caption')}
        </h2>
        <ul className="cart-lines__list">
          {items.map((item) => (
            <CartLine key={item.cartItemId} item={item} locale={locale} error={lineErrors[item.cartItemId]} />
          ))}
        </ul>
        <div className="cart-lines__actions">
          <ButtonLink variant="link" to={paths.bookshop.getHref()}>
            {t('cart.continue')}
          </ButtonLink>
          <div className="cart-lines__bulk">
            {hasBooks && (
              <Button variant="secondary" size="sm" onClick={() => dispatch(removeBooksFromCart())}>
                {t('cart.removeBooks')}
              </Button>
            )}
            <Button
              variant="danger"
              size="sm"
              onClick={() => {
                setEmptied(items);
                dispatch(deleteAllFromCart());
              }}
            >
              {t('cart.clear')}
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}
