import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
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
  const { pathname, search } = useLocation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const restoring = useAppSelector(selectIsRestoring);

  const attempted = useRef(false);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    if (loggedIn || restoring || unavailable) return;
    if (tokenStorage.getRefresh()) {
      // One renewal per visit: a server that cannot be reached gets a retry button, not a loop of calls.
      if (attempted.current) return;
      attempted.current = true;
      dispatch(restoreSession())
        .unwrap()
        .catch((reason: unknown) => {
          if (reason === 'unavailable') setUnavailable(true);
        });
      return;
    }
    dispatch(endSession());
    // The login form brings the user back here afterwards.
    navigate(paths.loginRegister.getHref(), { replace: true, state: { from: `${pathname}${search}` } });
  }, [loggedIn, restoring, unavailable, dispatch, navigate, pathname, search]);

  if (loggedIn) return <Outlet />;
  if (unavailable)
    return (
      <div className="container error-screen" role="alert">
        <p>{t('session.unavailable')}</p>
        <Button
          onClick={() => {
            attempted.current = false;
            setUnavailable(false);
          }}
        >
          {t('session.retry')}
        </Button>
      </div>
    );
  return <PageSpinner label={t('loading')} />;
}
