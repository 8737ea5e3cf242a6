import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { PageSpinner } from '@/components/ui/spinner';
import { useErrorText } from '@/i18n/use-error-text';
import type { ApiFailure } from '@/lib/api-error';

type ListPage<T> = { results: T[]; count: number; page: number; pages: number };

export type ListTableTexts = {
  loading: string;
  loadFailed: string;
  retry: string;
  emptyTitle: string;
  emptyText: string;
  count: (count: number) => string;
  caption: string;
  pagination: { nav: string; previous: string; next: string; page: (page: number) => string };
};

type ListTableProps<T> = {
  data: ListPage<T> | undefined;
  failure: ApiFailure | null;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  texts: ListTableTexts;
  tableClassName: string;
  /** The header row. */
  head: ReactNode;
  /** The rows of the page shown. */
  children: (results: T[]) => ReactNode;
  /** Link to another page of the same filters. */
  hrefFor: (page: number) => string;
};

/**
 * A back-office list below its filters: loading, a failure with a retry, nothing found, or the count, the table
 * and its page links.
 */
export function ListTable<T>({
  data,
  failure,
  isLoading,
  isFetching,
  refetch,
  texts,
  tableClassName,
  head,
  children,
  hrefFor,
}: ListTableProps<T>) {
  const errorText = useErrorText();
  return (
    <>
      {isLoading && <PageSpinner label={texts.loading} />}
      {!data && failure && (
        <Alert tone="error" title={texts.loadFailed}>
          <p>{errorText(failure)}</p>
          <Button variant="secondary" size="sm" busy={isFetching} onClick={() => void refetch()}>
            {texts.retry}
          </Button>
        </Alert>
      )}
      {data && data.count === 0 && <EmptyState title={texts.emptyTitle} text={texts.emptyText} />}
      {data && data.count > 0 && (
        <>
          <p className="bo-page__count" aria-live="polite">
            {texts.count(data.count)}
          </p>
          <div className="bo-table-wrap">
            <table className={tableClassName}>
              <caption className="visually-hidden">{texts.caption}</caption>
              <thead>{head}</thead>
              <tbody>{children(data.results)}</tbody>
            </table>
          </div>
          <Pagination page={data.page} pages={data.pages} hrefFor={hrefFor} labels={texts.pagination} />
        </>
      )}
    </>
  );
}
