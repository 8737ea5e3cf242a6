import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { paths } from '@/config/paths';
import { addToCart } from '@/features/cart/cart-slice';
import { WishlistView } from '@/features/wishlist/components/wishlist-view';
import '@/styles/shop.css';
import { FreeDocumentAction } from './free-document-action';
import { PageHead } from './page-head';

export function Component() {
  const { t } = useTranslation(['common', 'shop']);
  const dispatch = useAppDispatch();
  return (
    <>
      <PageHead
        title={t('common:titles.wishlist')}
        description={t('shop:wishlist.description')}
        path={paths.wishlist.getHref()}
      />
      <WishlistView
        freeAction={(item) => <FreeDocumentAction productId={item.id} />}
        onAddToCart={(item) =>
          dispatch(
            addToCart({
              id: item.id,
              type: item.type,
              ...(item.formats?.[0] ? { edition: item.formats[0] } : {}),
              title: item.title,
              price: item.price,
              discount: item.discount,
              image: item.image,
              ...(item.extension ? { extension: item.extension } : {}),
            }),
          )
        }
      />
    </>
  );
}
