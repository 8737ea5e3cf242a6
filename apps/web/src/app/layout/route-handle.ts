import type { Namespace } from '@/i18n/i18n';

/** Data a route declares for the layout: its title key (namespace `common`) and an optional intro key. */
export type RouteHandle = {
  titleKey: string;
  introKey?: string;
  /** Breadcrumb pages between Home and this page. */
  trail?: { path: string; labelKey: string }[];
  /**
   * Translation namespaces the screen uses besides `common`: loaded with its chunk on navigation, and with the
   * translations of the shell when the app starts on it.
   */
  namespaces?: readonly Namespace[];
  /**
   * The screen shows the visitor's own saved data (cart, wishlist, compare, login): the server sends the bare
   * shell and the browser renders it once the saved state is restored, as it does behind the login guard.
   */
  personal?: true;
};

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).titleKey === 'string';
}
