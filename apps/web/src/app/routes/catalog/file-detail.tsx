import { useParams } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { loaderStore } from '@/app/current-store';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectIsLoggedIn } from '@/features/auth/auth-slice';
import { addToCart } from '@/features/cart/cart-slice';
import { cartItemFromProduct } from '@/features/cart/cart-item';
import { catalogApi, useGetFileQuery } from '@/features/catalog/api/catalog-api';
import { fileJsonLd } from '@/features/catalog/catalog-json-ld';
import { productTrail, sectionPages } from '@/features/catalog/catalog-trail';
import { parseProductId } from '@/features/catalog/product-id';
import { FileDetailView } from '@/features/catalog/components/file-detail-view';
import { ProductDetailSkeleton } from '@/features/catalog/components/product-detail-skeleton';
import { ProductUnavailable } from '@/features/catalog/components/product-unavailable';
import { addToCompare, compareItemFromProduct, isInCompare } from '@/features/compare/compare-slice';
import { FreeDownloadButton } from '@/features/downloads/components/free-download-button';
import { ProductReviews } from '@/features/reviews/components/product-reviews';
import { reviewsApi, useGetProductReviewsQuery } from '@/features/reviews/api/reviews-api';
import { reviewsJsonLd } from '@/features/reviews/reviews-json-ld';
import { Seo } from '@/components/seo/seo';
import { useSiteOrigin } from '@/components/seo/site-origin';
import { addToWishlist, isInWishlist, wishlistItemFromProduct } from '@/features/wishlist/wishlist-slice';
import { useAppLanguage } from '@/i18n/use-app-language';
import { toApiFailure } from '@/lib/api-error';

/** Asks for the file as soon as the screen's code is there, rather than after its first render. */
// eslint-disable-next-line react-refresh/only-export-components -- React Router reads `loader` from the route module.
export function loader({ params, context }: LoaderFunctionArgs) {
  const id = parseProductId(params.id);
  const store = loaderStore(context);
  if (id === null || !store) return null;
  void store.dispatch(catalogApi.util.prefetch('getFile', id, {}));
  // Its reviews come with it: the server renders them and their structured data.
  void store.dispatch(reviewsApi.util.prefetch('getProductReviews', { productId: id, page: 1 }, {}));
  return null;
}

/** /prodoc/{id}: a professional or academic file. */
export function Component() {
  const { t } = useTranslation(['catalog', 'common']);
  const lang = useAppLanguage();
  const dispatch = useAppDispatch();
  const origin = useSiteOrigin();
  const id = parseProductId(useParams().id);
  const { data: file, error, isLoading, refetch } = useGetFileQuery(id ?? skipToken);
  const { data: reviews } = useGetProductReviewsQuery(id === null ? skipToken : { productId: id, page: 1 });
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const inWishlist = useAppSelector((state) => (id !== null ? isInWishlist(state, id) : false));
  const inCompare = useAppSelector((state) => (id !== null ? isInCompare(state, id) : false));

  if (isLoading) return <ProductDetailSkeleton />;
  if (!file) {
    return (
      <>
        <Seo title={t('catalog:detail.notFoundTitle')} />
        <ProductUnavailable
          notFound={id === null || toApiFailure(error).status === 404}
          listPath={sectionPages.professional.path}
          listLabel={t('catalog:detail.browseFiles')}
          onRetry={() => void refetch()}
        />
      </>
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
          onAddToWishlist: () => dispatch(addToWishlist(wishlistItemFromProduct(file))),
          onAddToCompare: () => dispatch(addToCompare(compareItemFromProduct(file))),
          inWishlist,
          inCompare,
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
