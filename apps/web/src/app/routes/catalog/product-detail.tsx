import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { addToCart } from '@/features/cart/cart-slice';
import { cartItemFromProduct } from '@/features/cart/cart-item';
import { useGetBookQuery } from '@/features/catalog/api/catalog-api';
import { bookJsonLd } from '@/features/catalog/catalog-json-ld';
import { productTrail, sectionPages } from '@/features/catalog/catalog-trail';
import { BookDetailView } from '@/features/catalog/components/book-detail-view';
import { ProductDetailSkeleton } from '@/features/catalog/components/product-detail-skeleton';
import { StockAlert } from '@/features/catalog/components/stock-alert';
import { useGetSiteInfoQuery } from '@/features/content/api/content-api';
import { ProductReviews } from '@/features/reviews/components/product-reviews';
import { reviewsJsonLd } from '@/features/reviews/reviews-json-ld';
import { Seo } from '@/components/seo/seo';
import { ProductMissing } from './product-missing';
import { productLoader, useProductScreen } from './product-screen';

// eslint-disable-next-line react-refresh/only-export-components -- React Router reads `loader` from the route module.
export const loader = productLoader('getBook');

/** /product/{id}: a book. */
export function Component() {
  const { t } = useTranslation(['catalog', 'common']);
  const { id, lang, dispatch, origin, reviews, loggedIn, listActions } = useProductScreen();
  const { data: book, error, isLoading, refetch } = useGetBookQuery(id ?? skipToken);
  const { data: site } = useGetSiteInfoQuery();

  if (isLoading) return <ProductDetailSkeleton />;
  if (!book) {
    return (
      <ProductMissing
        id={id}
        error={error}
        listPath={sectionPages.book.path}
        listLabel={t('common:notFound.bookshop')}
        onRetry={() => void refetch()}
      />
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
        stockAlert={<StockAlert productId={book.id} loggedIn={loggedIn} />}
        actions={{
          onAddToCart: (edition) => dispatch(addToCart(cartItemFromProduct(book, edition))),
          ...listActions(book),
        }}
      />
    </>
  );
}
