import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BookDetail, Edition } from '@hls/contract';
import { AccessibilityFacts } from '@/components/epub/accessibility-facts';
import { PaperDeliveryNote, type DeliveryDays } from '@/components/order/paper-delivery-note';
import { useAppLanguage } from '@/i18n/use-app-language';
import { formatMoney } from '@/lib/money';
import type { TrailPage } from '../catalog-trail';
import { useIntlLocale } from '../use-intl-locale';
import { SamplePreviewLink } from './document-extras';
import { ProductDetailLayout } from './product-detail-layout';
import { BookFacts, TwinLink } from './product-facts';
import { ProductPrice } from './product-price';
import { AddToCartButton, SecondaryActions } from './product-actions';

export type BookActions = {
  onAddToCart: (edition: Edition) => void;
  onAddToWishlist: () => void;
  onAddToCompare: () => void;
  inWishlist: boolean;
  inCompare: boolean;
};

/** The edition the address names (`?edition=paper`, a return from signing in), else the first that can be bought. */
function defaultEdition(book: BookDetail, wanted?: string | null): Edition | undefined {
  return (
    book.editions.find((edition) => edition.format === wanted) ??
    book.editions.find((edition) => edition.inStock) ??
    book.editions[0]
  );
}

function StockState({
  edition,
  onChooseEbook,
}: {
  edition: Edition;
  onChooseEbook?: (() => void) | undefined;
}) {
  const { t } = useTranslation('catalog');
  if (edition.format === 'ebook') return <p className="stock stock--digital">{t('detail.stock.ebook')}</p>;
  if (!edition.inStock)
    return (
      <>
        <p className="stock stock--out">{t('detail.stock.out')}</p>
        {onChooseEbook && (
          <p className="stock-meanwhile">
            {t('detail.stock.ebookMeanwhile')}{' '}
            <button type="button" className="btn btn--secondary btn--sm" onClick={onChooseEbook}>
              {t('detail.stock.chooseEbook')}
            </button>
          </p>
        )}
      </>
    );
  if (edition.stock !== null && edition.stock <= 5)
    return <p className="stock stock--low">{t('detail.stock.low', { count: edition.stock })}</p>;
  return <p className="stock stock--in">{t('detail.stock.in')}</p>;
}

/** Book page: cover, editions with their prices and stock, actions, description, author, related books. */
export function BookDetailView({
  book,
  trail,
  actions,
  reviews,
  delivery,
  stockAlert,
}: {
  book: BookDetail;
  trail: TrailPage[];
  actions: BookActions;
  /** The customer reviews' section (the screen composes it in). */
  reviews?: ReactNode;
  /** Working days a paper copy takes to arrive (the site's settings). */
  delivery?: DeliveryDays | undefined;
  /** Under a paper edition out of stock: the back-in-stock request (the screen composes it in). */
  stockAlert?: ReactNode;
}) {
  const { t } = useTranslation('catalog');
  const locale = useIntlLocale();
  const lang = useAppLanguage();
  const ids = useId();
  const [searchParams] = useSearchParams();
  const [format, setFormat] = useState(defaultEdition(book, searchParams.get('edition'))?.format);
  const edition = book.editions.find((candidate) => candidate.format === format) ?? defaultEdition(book);
  const ebook = book.editions.find((candidate) => candidate.format === 'ebook' && candidate.inStock);
  /** Out of paper copies: the ebook is chosen instead, its radio taking the focus the button leaves. */
  const chooseEbook = () => {
    document.getElementById(`${ids}-edition-ebook`)?.focus();
    setFormat('ebook');
  };

  return (
    <ProductDetailLayout
      product={book}
      trail={trail}
      coverAlt={t('detail.coverAlt', { title: book.title })}
      eyebrow={book.category.name[lang]}
      relatedTitle={t('detail.relatedBooks')}
      reviews={reviews}
      after={
        <div className="product-detail__aside">
          {book.accessibility && (
            <section aria-labelledby={`${ids}-a11y`} className="a11y-box">
              <h2 id={`${ids}-a11y`} className="section-title">
                {t('accessibility.title')}
              </h2>
              <p className="a11y-box__intro">{t('accessibility.intro')}</p>
              <AccessibilityFacts accessibility={book.accessibility} summaryLanguage={book.language} />
            </section>
          )}
          <section aria-labelledby={`${ids}-author`} className="author-box">
            <h2 id={`${ids}-author`} className="section-title">
              {t('detail.aboutAuthor')}
            </h2>
            <p className="author-box__name">{book.author.name}</p>
            {book.authorBio ? (
              <p className="author-box__bio">{book.authorBio}</p>
            ) : (
              <p className="author-box__bio">{t('detail.noBio')}</p>
            )}
          </section>
        </div>
      }
    >
      {book.editions.length > 0 && edition ? (
        <div className="product-buy">
          <fieldset className="edition-picker">
            <legend className="edition-picker__legend">{t('detail.chooseEdition')}</legend>
            {book.editions.map((candidate) => (
              <label
                key={candidate.format}
                className={`edition-option${candidate.format === edition.format ? ' is-selected' : ''}`}
              >
                <input
                  id={`${ids}-edition-${candidate.format}`}
                  type="radio"
                  name={`${ids}-edition`}
                  value={candidate.format}
                  checked={candidate.format === edition.format}
                  onChange={() => setFormat(candidate.format)}
                />
                <span className="edition-option__name">{t(`editions.${candidate.format}`)}</span>
                <span className="edition-option__price">
                  {formatMoney(candidate.price.finalPriceCents, locale)}
                </span>
                {!candidate.inStock && (
                  <span className="edition-option__note">{t('detail.stock.outShort')}</span>
                )}
              </label>
            ))}
          </fieldset>
          <div className="product-buy__price" aria-live="polite">
            <ProductPrice price={edition.price} size="lg" />
            <StockState edition={edition} onChooseEbook={ebook ? chooseEbook : undefined} />
          </div>
          {edition.format === 'paper' && !edition.inStock && stockAlert}
          <div className="product-actions">
            <AddToCartButton
              disabled={!edition.inStock}
              onClick={() => actions.onAddToCart(edition)}
              stickyPrice={<ProductPrice price={edition.price} />}
            />
            <SecondaryActions {...actions} />
          </div>
          {/* Below the buttons: on a phone, the price and "Add to cart" stay on the first screen. */}
          {edition.format === 'paper' && <PaperDeliveryNote days={delivery} className="product-buy__note" />}
          {book.sampleUrl && <SamplePreviewLink url={book.sampleUrl} />}
        </div>
      ) : (
        <p className="stock stock--out">{t('detail.noEdition')}</p>
      )}

      <TwinLink twin={book.twin} />
      <BookFacts book={book} edition={edition} />
    </ProductDetailLayout>
  );
}
