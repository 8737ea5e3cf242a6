import { useEffect, useId } from 'react';
import { declareHead, withdrawHead } from './seo-head';
import type { HeadEntry } from './seo-head';
import { useServerHead } from './server-page';

/**
 * Sets the document title ("Title | HLS") and the meta description while the calling screen is mounted.
 * It takes precedence over the title of the route handle; an empty title (data still loading) keeps it.
 */
export function useSeo({ title, description }: HeadEntry): void {
  const id = useId();
  useServerHead('page', { title, description });
  useEffect(() => {
    if (title) declareHead(id, { title, description });
    else withdrawHead(id);
  }, [id, title, description]);
  useEffect(() => () => withdrawHead(id), [id]);
}
