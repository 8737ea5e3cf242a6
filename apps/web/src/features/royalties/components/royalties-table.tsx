import type { ReactNode } from 'react';

/** A column of a royalties table: its heading (also each cell's label on a phone) and whether it holds amounts. */
export type Column = { label: string; money?: boolean };

const moneyClass = (column: Column) => (column.money ? 'bo-table__money' : undefined);

/**
 * The feature's tables (the back office's `.bo-table` with the royalties' own rules): a caption for screen
 * readers, a head row of `columns` and the rows given as children. `stale` dims it while new rows are fetched.
 */
export function RoyaltiesTable({
  className,
  caption,
  columns,
  stale,
  children,
}: {
  className: string;
  caption: string;
  columns: Column[];
  stale?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`bo-table-wrap${stale ? ' roy-stale' : ''}`} aria-busy={stale || undefined}>
      <table className={`bo-table roy-table ${className}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={moneyClass(column)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A cell of `column`, labelled with its heading for the phone layout; `row` makes it the row's header cell.
 * `bare` leaves out the wrapper the stacked layout aligns.
 */
export function Cell({
  column,
  row,
  bare,
  children,
}: {
  column: Column;
  row?: boolean;
  bare?: boolean;
  children: ReactNode;
}) {
  const content = bare ? children : <div>{children}</div>;
  return row ? (
    <th scope="row" className={moneyClass(column)} data-label={column.label}>
      {content}
    </th>
  ) : (
    <td className={moneyClass(column)} data-label={column.label}>
      {content}
    </td>
  );
}
