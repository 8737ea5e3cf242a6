import { useParams } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { loaderStore } from '@/app/current-store';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectIsLoggedIn } from '@/features/auth/auth-slice';
import { addToCart } from '@/features/cart/cart-slice';
import { cartItemFromProduct } from '@/features/cart/cart-item';
import { catalogApi, useGetBookQuery } from '@/features/catalog/api/catalog-api';
import { bookJsonLd } from '@/features/catalog/catalog-json-ld';
import { productTrail, sectionPages } from '@/features/catalog/catalog-trail';
import { parseProductId } from '@/features/catalog/product-id';
import { BookDetailView } from '@/features/catalog/components/book-detail-view';
import { ProductDetailSkeleton } from '@/features/catalog/components/product-detail-skeleton';
import { ProductUnavailable } from '@/features/catalog/components/product-unavailable';
import { addToCompare, compareItemFromProduct, isInCompare } from '@/features/compare/compare-slice';
import { useGetSiteInfoQuery } from '@/features/content/api/content-api';
import { ProductReviews } from '@/features/reviews/components/product-reviews';
import { reviewsApi, useGetProductReviewsQuery } from '@/features/reviews/api/reviews-api';
import { reviewsJsonLd } from '@/features/reviews/reviews-json-ld';
import { Seo } from '@/components/seo/seo';
import { useSiteOrigin } from '@/components/seo/site-origin';
import { addToWishlist, isInWishlist, wishlistItemFromProduct } from '@/features/wishlist/wishlist-slice';
import { useAppLanguage } from '@/i18n/use-app-language';
import { toApiFailure } from '@/lib/api-error';

/** Asks for the book as soon as the screen's code is there, rather than after its first render. */
// eslint-disable-next-line react-refresh/only-export-components -- React Router reads `loader` from the route module.
export function loader({ params, context }: LoaderFunctionArgs) {
  const id = parseProductId(params.id);
  const store = loaderStore(context);
  if (id === null || !store) return null;
  void store.dispatch(catalogApi.util.prefetch('getBook', id, {}));
  // Its reviews come with it: the server renders them and their structured data.
  void store.dispatch(reviewsApi.util.prefetch('getProductReviews', { productId: id, page: 1 }, {}));
  return null;
}

/** /product/{id}: a book. */
export function Component() {
  const { t } = useTranslation(['catalog', 'common']);
  const lang = useAppLanguage();
  const dispatch = useAppDispatch();
  const origin = useSiteOrigin();
  const id = parseProductId(useParams().id);
  const { data: book, error, isLoading, refetch } = useGetBookQuery(id ?? skipToken);
  const { data: reviews } = useGetProductReviewsQuery(id === null ? skipToken : { productId: id, page: 1 });
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const inWishlist = useAppSelector((state) => (id !== null ? isInWishlist(state, id) : false));
  const inCompare = useAppSelector((state) => (id !== null ? isInCompare(state, id) : false));
  const bookshop = sectionPages.book;
  const { data: site } = useGetSiteInfoQuery();

  if (isLoading) return <ProductDetailSkeleton />;
  if (!book) {
    return (
      <>
        <Seo title={t('catalog:detail.notFoundTitle')} />
        <ProductUnavailable
          notFound={id === null || toApiFailure(error).status === 404}
          listPath={bookshop.path}
          listLabel={t('common:notFound.bookshop')}
          onRetry={() => void refetch()}
        />
      </>
    );
  }

  const trail = productTrail(book, t, lang);
  return (
    <>
      <Seo
        title={t('catalog:seo.bookTitle', { title: book.title, author: book.author.name })}
        description={t('catalog:seo.bookDescription', {
          title: book.title,
          author: book.author.name,
          excerpt: book.excerpt,
        })}
        jsonLd={{ ...bookJsonLd(book, origin), ...reviewsJsonLd(reviews) }}
        breadcrumb={trail}
      />
      <BookDetailView
        key={book.id}
        book={book}
        trail={trail}
        delivery={site?.delivery}
        reviews={<ProductReviews productId={book.id} free={false} loggedIn={loggedIn} />}
        actions={{
          onAddToCart: (edition) => dispatch(addToCart(cartItemFromProduct(book, edition))),
          onAddToWishlist: () => dispatch(addToWishlist(wishlistItemFromProduct(book))),
          onAddToCompare: () => dispatch(addToCompare(compareItemFromProduct(book))),
          inWishlist,
          inCompare,
        }}
      />
    </>
  );
}
