/** Data a route declares for the layout: its title key (namespace `common`) and an optional intro key. */
export type RouteHandle = {
  titleKey: string;
  introKey?: string;
  /** Breadcrumb pages between Home and this page. */
  trail?: { path: string; labelKey: string }[];
};

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).titleKey === 'string';
}
