import { PageSpinner } from '@/components/ui/spinner';

/** Shown before the first screen is ready; translations may not be loaded yet, so the label is bilingual. */
export function RouteSpinner() {
  return <PageSpinner label="Chargement… / Loading…" />;
}
