import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { endSession } from '@/lib/api-client';
import { tokenStorage } from '@/lib/token-storage';
import { restoreSession, selectIsLoggedIn, selectIsRestoring } from '../auth-slice';

/**
 * Guard of the "login required" routes (SPEC §2): the route guard checks only the login; the server checks roles.
 * An expired access token is renewed silently first when a refresh token exists.
 */
export function RequireAuth() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const restoring = useAppSelector(selectIsRestoring);

  useEffect(() => {
    if (loggedIn || restoring) return;
    if (tokenStorage.getRefresh()) {
      void dispatch(restoreSession());
      return;
    }
    dispatch(endSession());
    navigate(paths.loginRegister.getHref(), { replace: true });
  }, [loggedIn, restoring, dispatch, navigate]);

  if (!loggedIn) return <PageSpinner label={t('loading')} />;
  return <Outlet />;
}
