import { Link } from 'react-router';
import { pageWindow } from './page-window';

type PaginationProps = {
  page: number;
  pages: number;
  /** Link to a page (keeps the rest of the URL). */
  hrefFor: (page: number) => string;
  labels: { nav: string; previous: string; next: string; page: (page: number) => string };
};

/** Page links; each page is a real URL (`?page=n`) so it can be opened, shared and reloaded. */
export function Pagination({ page, pages, hrefFor, labels }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={labels.nav}>
      <ul>
        <li>
          {page > 1 ? (
            <Link className="pagination__link pagination__step" to={hrefFor(page - 1)} rel="prev">
              <span aria-hidden="true">‹</span> {labels.previous}
            </Link>
          ) : (
            <span className="pagination__link pagination__step is-disabled" aria-hidden="true">
              <span aria-hidden="true">‹</span> {labels.previous}
            </span>
          )}
        </li>
        {pageWindow(page, pages).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                className={`pagination__link${n === page ? ' is-current' : ''}`}
                to={hrefFor(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={labels.page(n)}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link className="pagination__link pagination__step" to={hrefFor(page + 1)} rel="next">
              {labels.next} <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span className="pagination__link pagination__step is-disabled" aria-hidden="true">
              {labels.next} <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
