import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { CartView } from '@/features/cart/components/cart-view';
import { CartCheckout } from '../layout/cart-checkout';
import '@/styles/shop.css';
import { PageHead } from './page-head';

export function Component() {
  const { t } = useTranslation(['common', 'shop']);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});

  return (
    <>
      <PageHead
        title={t('common:titles.cart')}
        description={t('shop:cart.description')}
        path={paths.cart.getHref()}
      />
      <CartView lineErrors={lineErrors} checkoutAction={<CartCheckout onLineErrors={setLineErrors} />} />
    </>
  );
}
