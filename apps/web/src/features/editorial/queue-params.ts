import { languages, productKinds, sections } from '@hls/contract/values';
import type { Language, ProductKind, Section } from '@hls/contract';

export const queueStatuses = [
  'submitted',
  'in_review',
  'changes_requested',
  'rejected',
  'published',
  'archived',
] as const;

export type QueueFilters = {
  status?: (typeof queueStatuses)[number];
  section?: Section;
  kind?: ProductKind;
  language?: Language;
  mine?: boolean;
};
export type QueueTab = 'submissions' | 'reports';

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** The tab, filters and page the address holds (a filtered queue can be reloaded and shared). */
export function queueFromSearch(params: URLSearchParams): {
  tab: QueueTab;
  filters: QueueFilters;
  page: number;
} {
  const page = Number(params.get('page'));
  const status = oneOf(queueStatuses, params.get('status'));
  const section = oneOf(sections, params.get('section'));
  const kind = oneOf(productKinds, params.get('kind'));
  const language = oneOf(languages, params.get('language'));
  return {
    tab: params.get('tab') === 'reports' ? 'reports' : 'submissions',
    filters: {
      ...(status ? { status } : {}),
      ...(section ? { section } : {}),
      ...(kind ? { kind } : {}),
      ...(language ? { language } : {}),
      ...(params.get('mine') === 'true' ? { mine: true } : {}),
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function searchFromQueue(tab: QueueTab, filters: QueueFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (tab === 'reports') params.set('tab', 'reports');
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  if (page > 1) params.set('page', String(page));
  return params;
}
