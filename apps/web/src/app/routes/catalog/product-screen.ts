import { useParams } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import type { BookDetail, FileDetail } from '@hls/contract';
import { loaderStore } from '@/app/current-store';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useSiteOrigin } from '@/components/seo/site-origin';
import { selectIsLoggedIn } from '@/features/auth/auth-slice';
import { catalogApi } from '@/features/catalog/api/catalog-api';
import { parseProductId } from '@/features/catalog/product-id';
import { addToCompare, compareItemFromProduct, isInCompare } from '@/features/compare/compare-slice';
import { reviewsApi, useGetProductReviewsQuery } from '@/features/reviews/api/reviews-api';
import { addToWishlist, isInWishlist, wishlistItemFromProduct } from '@/features/wishlist/wishlist-slice';
import { useAppLanguage } from '@/i18n/use-app-language';

/**
 * The loader of a product screen: asks for the product as soon as the screen's code is there, rather than after
 * its first render, and for its reviews with it (the server renders them and their structured data).
 */
export function productLoader(endpoint: 'getBook' | 'getFile') {
  return ({ params, context }: LoaderFunctionArgs) => {
    const id = parseProductId(params.id);
    const store = loaderStore(context);
    if (id === null || !store) return null;
    void store.dispatch(catalogApi.util.prefetch(endpoint, id, {}));
    void store.dispatch(reviewsApi.util.prefetch('getProductReviews', { productId: id, page: 1 }, {}));
    return null;
  };
}

/**
 * What the book and the file screens share: the product's id in the address, the interface language, the site's
 * origin, the first page of reviews, whether the visitor is logged in, and the wishlist and compare actions.
 */
export function useProductScreen() {
  const lang = useAppLanguage();
  const dispatch = useAppDispatch();
  const origin = useSiteOrigin();
  const id = parseProductId(useParams().id);
  const { data: reviews } = useGetProductReviewsQuery(id === null ? skipToken : { productId: id, page: 1 });
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const inWishlist = useAppSelector((state) => (id !== null ? isInWishlist(state, id) : false));
  const inCompare = useAppSelector((state) => (id !== null ? isInCompare(state, id) : false));

  /** Saving the product to the wishlist or the compare list, and whether it is in them. */
  const listActions = (product: BookDetail | FileDetail) => ({
    onAddToWishlist: () => dispatch(addToWishlist(wishlistItemFromProduct(product))),
    onAddToCompare: () => dispatch(addToCompare(compareItemFromProduct(product))),
    inWishlist,
    inCompare,
  });

  return { id, lang, dispatch, origin, reviews, loggedIn, listActions };
}
