import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Section } from '@hls/contract';
import { parseListParams, toSearchParams } from './list-params';
import type { ListParams } from './list-params';

/** The list state held in the URL, and a setter that writes a new state as a new history entry. */
export function useListParams(section: Section) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListParams(searchParams, section), [searchParams, section]);
  const setState = useCallback(
    (next: ListParams) => setSearchParams(toSearchParams(next)),
    [setSearchParams],
  );
  return [state, setState] as const;
}
