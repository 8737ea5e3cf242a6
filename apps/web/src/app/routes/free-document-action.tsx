import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/app/hooks';
import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { selectIsLoggedIn } from '@/features/auth/auth-slice';
import { FreeDownloadButton } from '@/features/downloads/components/free-download-button';

/**
 * What a free document offers where a paid one offers "Add to cart" (wishlist, compare): its download, or a login
 * that comes back here.
 */
export function FreeDocumentAction({ productId }: { productId: number }) {
  const { t } = useTranslation('catalog');
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { pathname } = useLocation();
  if (loggedIn) return <FreeDownloadButton productId={productId} />;
  return (
    <ButtonLink size="sm" to={paths.loginRegister.getHref()} state={{ from: pathname }}>
      {t('detail.freeLogIn')}
    </ButtonLink>
  );
}
