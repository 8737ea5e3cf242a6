import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { CartView } from '@/features/cart/components/cart-view';
import { useGetSiteInfoQuery } from '@/features/content/api/content-api';
import { CartCheckout } from '../layout/cart-checkout';
import '@/styles/shop.css';
import { PageHead } from './page-head';

export function Component() {
  const { t } = useTranslation(['common', 'shop']);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const { data: site } = useGetSiteInfoQuery();

  return (
    <>
      <PageHead
        title={t('common:titles.cart')}
        description={t('shop:cart.description')}
        path={paths.cart.getHref()}
      />
      <CartView
        lineErrors={lineErrors}
        delivery={site?.delivery}
        checkoutAction={<CartCheckout onLineErrors={setLineErrors} />}
      />
    </>
  );
}
