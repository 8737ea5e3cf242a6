import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { pageViewPath } from '@/config/paths';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { useAppDispatch } from '@/app/hooks';

/** Reports one first-party page view per load and per navigation to another path. */
export function usePageViews() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const lastReported = useRef<string | null>(null);
  const afterFirstPaint = useAfterFirstPaint();

  useEffect(() => {
    if (!afterFirstPaint || lastReported.current === pathname) return;
    let active = true;
    // The API client comes after the first paint; a page view can wait for it (not past the effect's cleanup).
    void import('./analytics-api').then(({ analyticsApi }) => {
      if (!active || lastReported.current === pathname) return;
      lastReported.current = pathname;
      const request = dispatch(
        // A reset link's token never leaves the page (the server drops it too).
        analyticsApi.endpoints.reportPageView.initiate({ path: pageViewPath(pathname).slice(0, 500) }),
      );
      // Fire and forget: the result is not kept in the cache.
      void request.finally(() => request.reset());
    });
    return () => {
      active = false;
    };
  }, [pathname, dispatch, afterFirstPaint]);
}
