import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FileDetail } from '@hls/contract';
import { ButtonLink } from '@/components/ui/button-link';
import { FileTypeIcon } from '@/components/ui/file-type-icon';
import { paths } from '@/config/paths';
import { useAppLanguage } from '@/i18n/use-app-language';
import type { TrailPage } from '../catalog-trail';
import { SamplePreviewLink } from './document-extras';
import { ProductDetailLayout } from './product-detail-layout';
import { FileFacts, TwinLink } from './product-facts';
import { ProductPrice } from './product-price';
import { AddToCartButton, SecondaryActions } from './product-actions';
import { ReportDocument } from './report-document';

export type FileActions = {
  onAddToCart: () => void;
  onAddToWishlist: () => void;
  onAddToCompare: () => void;
  inWishlist: boolean;
  inCompare: boolean;
  loggedIn: boolean;
  /** A free file's download for a logged-in user (the screen composes it in). */
  freeDownload?: ReactNode;
};

/**
 * File page: file type, price or "free", size and pages, actions, the sample's preview, the licence of an academic
 * document, "Report this document", description, related files.
 */
export function FileDetailView({
  file,
  trail,
  actions,
  reviews,
}: {
  file: FileDetail;
  trail: TrailPage[];
  actions: FileActions;
  /** The customer reviews' section (the screen composes it in). */
  reviews?: ReactNode;
}) {
  const { t } = useTranslation('catalog');
  const lang = useAppLanguage();
  const typeLabel = t(`fileTypes.${file.fileType}`);
  const { pathname } = useLocation();

  return (
    <ProductDetailLayout
      product={file}
      trail={trail}
      coverAlt={t('detail.previewAlt', { title: file.title })}
      eyebrow={
        <>
          <FileTypeIcon type={file.fileType} size={28} />
          <span>
            {typeLabel} · {file.category.name[lang]}
          </span>
        </>
      }
      relatedTitle={t('detail.relatedFiles')}
      reviews={reviews}
      className="product-detail--file"
    >
      <div className="product-buy">
        <div className="product-buy__price">
          <ProductPrice price={file.price} free={file.free} size="lg" />
          {file.free ? (
            <>
              <p className="product-buy__note">{t('detail.freeNote')}</p>
              {file.downloads ? (
                <p className="product-buy__note">{t('card.downloads', { count: file.downloads })}</p>
              ) : null}
            </>
          ) : (
            <p className="product-buy__note">{t('detail.digitalNote')}</p>
          )}
        </div>
        <div className="product-actions">
          {file.free ? (
            actions.loggedIn ? (
              (actions.freeDownload ?? (
                <p className="product-actions__free-note">{t('detail.freeLoggedIn')}</p>
              ))
            ) : (
              <ButtonLink to={paths.loginRegister.getHref()} state={{ from: pathname }} size="lg">
                {t('detail.freeLogIn')}
              </ButtonLink>
            )
          ) : (
            <AddToCartButton
              onClick={actions.onAddToCart}
              stickyPrice={<ProductPrice price={file.price} />}
            />
          )}
          <SecondaryActions {...actions} />
        </div>
        {file.sampleUrl && <SamplePreviewLink url={file.sampleUrl} />}
      </div>

      <TwinLink twin={file.twin} />
      <FileFacts file={file} />
      <div className="product-report">
        <ReportDocument productId={file.id} title={file.title} loggedIn={actions.loggedIn} />
      </div>
    </ProductDetailLayout>
  );
}
