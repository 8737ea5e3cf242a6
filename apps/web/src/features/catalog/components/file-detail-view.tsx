import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FileDetail } from '@hls/contract';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { FileTypeIcon } from '@/components/ui/file-type-icon';
import { CartIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { TrailPage } from '../catalog-trail';
import { formatFileSize } from '../file-size';
import { useIntlLocale } from '../use-intl-locale';
import { ProductDescription } from './product-description';
import { ProductPrice } from './product-price';
import { SecondaryActions } from './product-actions';
import { RelatedProducts } from './related-products';

export type FileActions = {
  onAddToCart: () => void;
  onAddToWishlist: () => void;
  onAddToCompare: () => void;
  inWishlist: boolean;
  inCompare: boolean;
  loggedIn: boolean;
};

/** File page: file type, price or "free", size and pages, actions, description, related files. */
export function FileDetailView({
  file,
  trail,
  actions,
}: {
  file: FileDetail;
  trail: TrailPage[];
  actions: FileActions;
}) {
  const { t, i18n } = useTranslation('catalog');
  const locale = useIntlLocale();
  const lang = i18n.language.startsWith('en') ? 'en' : 'fr';
  const typeLabel = t(`fileTypes.${file.fileType}`);

  return (
    <div className="container product-detail product-detail--file">
      <Breadcrumb pages={trail} />
      <div className="product-detail__grid">
        <div className="product-detail__media">
          <img
            src={file.coverUrl}
            alt={t('detail.previewAlt', { title: file.title })}
            width="480"
            height="640"
            className="product-detail__cover"
            fetchPriority="high"
          />
        </div>
        <div className="product-detail__info">
          <p className="product-detail__eyebrow">
            <FileTypeIcon type={file.fileType} size={28} />
            <span>
              {typeLabel} · {file.category.name[lang]}
            </span>
          </p>
          <h1 className="product-detail__title" lang={file.language}>
            {file.title}
          </h1>
          <p className="product-detail__author">{t('card.by', { author: file.author.name })}</p>

          <div className="product-buy">
            <div className="product-buy__price">
              <ProductPrice price={file.price} free={file.free} size="lg" />
              {file.free ? (
                <p className="product-buy__note">{t('detail.freeNote')}</p>
              ) : (
                <p className="product-buy__note">{t('detail.digitalNote')}</p>
              )}
            </div>
            <div className="product-actions">
              {file.free ? (
                actions.loggedIn ? (
                  <p className="product-actions__free-note">{t('detail.freeLoggedIn')}</p>
                ) : (
                  <Link to={paths.loginRegister.getHref()} className="btn btn--primary btn--lg">
                    {t('detail.freeLogIn')}
                  </Link>
                )
              ) : (
                <button
                  type="button"
                  className="btn btn--primary btn--lg product-actions__cart"
                  onClick={actions.onAddToCart}
                >
                  <CartIcon size={20} />
                  {t('actions.addToCart')}
                </button>
              )}
              <SecondaryActions {...actions} />
            </div>
          </div>

          <dl className="product-facts">
            <div>
              <dt>{t('detail.facts.format')}</dt>
              <dd>
                {typeLabel} (.{file.extension})
              </dd>
            </div>
            <div>
              <dt>{t('detail.facts.size')}</dt>
              <dd>{formatFileSize(file.sizeBytes, locale)}</dd>
            </div>
            {file.pages !== null && (
              <div>
                <dt>{t('detail.facts.pages')}</dt>
                <dd>{file.pages.toLocaleString(locale)}</dd>
              </div>
            )}
            <div>
              <dt>{t('detail.facts.language')}</dt>
              <dd>{t(`languages.${file.language}`)}</dd>
            </div>
            <div>
              <dt>{t('detail.facts.category')}</dt>
              <dd>
                {file.category.name[lang]}
                {file.subcategory && ` › ${file.subcategory.name[lang]}`}
              </dd>
            </div>
          </dl>
        </div>
      </div>

      <div className="product-detail__text">
        <ProductDescription text={file.description} language={file.language} />
      </div>

      <RelatedProducts title={t('detail.relatedFiles')} products={file.related} />
    </div>
  );
}
