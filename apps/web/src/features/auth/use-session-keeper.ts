import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { msUntilExpiry } from '@/lib/jwt';
import { tokenStorage } from '@/lib/token-storage';
import { restoreSession } from './auth-slice';

/** Renew the access token a little before it expires, so an open tab stays logged in. */
const RENEW_BEFORE_MS = 30_000;

/**
 * Keeps the session alive: at startup an expired access token is renewed with the stored refresh token,
 * and a renewal is scheduled shortly before each access token expires.
 */
export function useSessionKeeper() {
  const dispatch = useAppDispatch();
  const userToken = useAppSelector((state) => state.auth.userToken);

  useEffect(() => {
    if (!tokenStorage.getRefresh()) return;
    const remaining = msUntilExpiry(userToken);
    if (remaining === null || remaining <= RENEW_BEFORE_MS) {
      void dispatch(restoreSession());
      return;
    }
    const timer = window.setTimeout(() => void dispatch(restoreSession()), remaining - RENEW_BEFORE_MS);
    return () => window.clearTimeout(timer);
  }, [userToken, dispatch]);
}
