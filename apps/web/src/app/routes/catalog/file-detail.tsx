import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { addToCart } from '@/features/cart/cart-slice';
import { cartItemFromProduct } from '@/features/cart/cart-item';
import { useGetFileQuery } from '@/features/catalog/api/catalog-api';
import { fileJsonLd } from '@/features/catalog/catalog-json-ld';
import { productTrail, sectionPages } from '@/features/catalog/catalog-trail';
import { FileDetailView } from '@/features/catalog/components/file-detail-view';
import { ProductDetailSkeleton } from '@/features/catalog/components/product-detail-skeleton';
import { FreeDownloadButton } from '@/features/downloads/components/free-download-button';
import { ProductReviews } from '@/features/reviews/components/product-reviews';
import { reviewsApi } from '@/features/reviews/api/reviews-api';
import { reviewsJsonLd } from '@/features/reviews/reviews-json-ld';
import { Seo } from '@/components/seo/seo';
import { ProductMissing } from './product-missing';
import { productLoader, useProductScreen } from './product-screen';

// eslint-disable-next-line react-refresh/only-export-components -- React Router reads `loader` from the route module.
export const loader = productLoader('getFile');

/** /prodoc/{id}: a professional or academic file. */
export function Component() {
  const { t } = useTranslation(['catalog', 'common']);
  const { id, lang, dispatch, origin, reviews, loggedIn, listActions } = useProductScreen();
  const { data: file, error, isLoading, refetch } = useGetFileQuery(id ?? skipToken);

  if (isLoading) return <ProductDetailSkeleton />;
  if (!file) {
    return (
      <ProductMissing
        id={id}
        error={error}
        listPath={sectionPages.professional.path}
        listLabel={t('catalog:detail.browseFiles')}
        onRetry={() => void refetch()}
      />
    );
  }

  const trail = productTrail(file, t, lang);
  const type = t(`catalog:fileTypes.${file.fileType}`);
  return (
    <>
      <Seo
        title={t('catalog:seo.fileTitle', { title: file.title, type })}
        description={t('catalog:seo.fileDescription', {
          type,
          author: file.author.name,
          excerpt: file.excerpt,
        })}
        jsonLd={{ ...fileJsonLd(file, origin), ...reviewsJsonLd(reviews) }}
        breadcrumb={trail}
      />
      <FileDetailView
        key={file.id}
        file={file}
        trail={trail}
        reviews={<ProductReviews productId={file.id} free={file.free} loggedIn={loggedIn} />}
        actions={{
          onAddToCart: () => dispatch(addToCart(cartItemFromProduct(file))),
          ...listActions(file),
          loggedIn,
          freeDownload: (
            <FreeDownloadButton
              productId={file.id}
              onDownloaded={() => {
                // A first download lets the user review the document: asked again once the browser fetched it.
                setTimeout(
                  () => dispatch(reviewsApi.util.invalidateTags([{ type: 'MyReview', id: file.id }])),
                  2000,
                );
              }}
            />
          ),
        }}
      />
    </>
  );
}
