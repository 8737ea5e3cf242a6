import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { paths } from '@/config/paths';
import { cartItemFromProduct } from '@/features/cart/cart-item';
import { addToCart } from '@/features/cart/cart-slice';
import { CompareView } from '@/features/compare/components/compare-view';
import '@/styles/shop.css';
import { FreeDocumentAction } from './free-document-action';
import { PageHead } from './page-head';

export function Component() {
  const { t } = useTranslation(['common', 'shop']);
  const dispatch = useAppDispatch();
  return (
    <>
      <PageHead
        title={t('common:titles.compare')}
        description={t('shop:compare.description')}
        path={paths.compare.getHref()}
      />
      <CompareView
        freeAction={(product) => <FreeDocumentAction productId={product.id} />}
        onAddToCart={(product, edition) => dispatch(addToCart(cartItemFromProduct(product, edition)))}
      />
    </>
  );
}
