import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToastAreaWanted, subscribeToastDemand } from './toast-demand';

const Toasts = lazy(() => import('./toast-container'));

/** Where toasts show; react-toastify and its container load with the first toast (see ./notify). */
export function ToastArea() {
  const wanted = useSyncExternalStore(subscribeToastDemand, isToastAreaWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
