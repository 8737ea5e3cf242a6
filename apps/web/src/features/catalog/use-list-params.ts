import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Section } from '@hls/contract';
import { parseListParams, toSearchParams } from './list-params';
import type { ListParams } from './list-params';

/**
 * The list state held in the URL, and a setter that writes a new state as a new history entry; the setter's
 * promise settles once the router shows the new URL.
 */
export function useListParams(section: Section) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const state = useMemo(() => parseListParams(searchParams, section), [searchParams, section]);
  const setState = useCallback(
    async (next: ListParams) => {
      const query = toSearchParams(next).toString();
      await navigate({ search: query ? `?${query}` : '' });
    },
    [navigate],
  );
  return [state, setState] as const;
}
