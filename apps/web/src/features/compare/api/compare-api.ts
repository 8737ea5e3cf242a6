import type { BookDetail, FileDetail } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';
import type { CompareItem } from '../compare-slice';

export type ComparedProduct = {
  item: CompareItem;
  /** null when the product is no longer published (404). */
  detail: BookDetail | FileDetail | null;
};

type CompareKey = Pick<CompareItem, 'id' | 'type'>;

const detailPath = ({ id, type }: CompareKey) =>
  type === 'book' ? endpoints.book.url({ id }) : endpoints.file.url({ id });

export const compareApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Details of every compared product (GET /api/books/list/{id} or /api/category/file/{id}), in parallel. */
    getCompareDetails: build.query<(BookDetail | FileDetail | null)[], CompareKey[]>({
      async queryFn(keys, _api, _extra, baseQuery) {
        const responses = await Promise.all(keys.map((key) => baseQuery(detailPath(key))));
        const failed = responses.find((response) => response.error && response.error.status !== 404);
        if (failed?.error) return { error: failed.error };
        return {
          data: responses.map((response) =>
            response.error ? null : (response.data as BookDetail | FileDetail),
          ),
        };
      },
    }),
  }),
});

export const { useGetCompareDetailsQuery } = compareApi;
