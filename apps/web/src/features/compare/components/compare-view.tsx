import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookDetail, Edition, EditionFormat, FileDetail } from '@hls/contract';
import { formatFileSize } from '@hls/contract/file-size';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ListedPrice } from '@/components/ui/listed-price';
import { SavedListScreen } from '@/components/ui/saved-list-screen';
import { CompareIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { productPath } from '@/config/paths';
import { useAppLanguage } from '@/i18n/use-app-language';
import { intlLocale } from '@/lib/money';
import { useGetCompareDetailsQuery } from '../api/compare-api';
import { deleteAllFromCompare, deleteFromCompare, selectCompareItems } from '../compare-slice';
import type { CompareItem } from '../compare-slice';

type Detail = BookDetail | FileDetail;

type CompareViewProps = {
  /** Puts a product in the cart: a book with the chosen edition, a file alone. */
  onAddToCart: (product: Detail, edition?: Edition) => void;
  /** What a free document offers instead (its download). */
  freeAction?: (product: FileDetail) => ReactNode;
};

/** The compare screen: a table with one column per product, fetched by id (SPEC §4 compare list). */
export function CompareView({ onAddToCart, freeAction }: CompareViewProps) {
  const { t, i18n } = useTranslation('shop');
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCompareItems);
  const locale = intlLocale(i18n.language);
  const language = useAppLanguage();
  const keys = items.map(({ id, type }) => ({ id, type }));
  const { data, isLoading, isError, refetch } = useGetCompareDetailsQuery(keys, { skip: items.length === 0 });

  const detailOf = (index: number): Detail | null | undefined => data?.[index];
  const none = (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t('compare.notAvailable')}</span>
    </>
  );
  const cell = (render: (detail: Detail, item: CompareItem) => ReactNode) =>
    items.map((item, index) => {
      const detail = detailOf(index);
      return <td key={item.id}>{detail ? render(detail, item) : detail === null ? none : ''}</td>;
    });

  const rows: { key: string; label: string; cells: ReactNode[] }[] = [
    {
      key: 'type',
      label: t('compare.type'),
      cells: cell((detail) =>
        detail.kind === 'book'
          ? detail.editions.map((edition) => t(`kind.${edition.format}`)).join(' · ') || t('kind.book')
          : t('kind.fileOf', { type: t(`fileTypes.${detail.fileType}`) }),
      ),
    },
    {
      key: 'price',
      label: t('compare.price'),
      cells: cell((detail) =>
        detail.kind === 'book' && detail.editions.length > 0 ? (
          <ul className="compare-prices">
            {detail.editions.map((edition) => (
              <li key={edition.format}>
                <span className="compare-prices__edition">{t(`kind.${edition.format}`)}</span>{' '}
                <ListedPrice
                  cents={edition.price.priceCents}
                  discount={edition.price.discountPercent}
                  locale={locale}
                />
              </li>
            ))}
          </ul>
        ) : (
          <ListedPrice
            cents={detail.price.priceCents}
            discount={detail.price.discountPercent}
            locale={locale}
          />
        ),
      ),
    },
    {
      key: 'language',
      label: t('compare.language'),
      cells: cell((detail) => t(`languages.${detail.language}`)),
    },
    {
      key: 'category',
      label: t('compare.category'),
      cells: cell((detail) =>
        [detail.category.name[language], detail.subcategory?.name[language]].filter(Boolean).join(' › '),
      ),
    },
    {
      key: 'pages',
      label: t('compare.pages'),
      cells: cell((detail) => {
        const pages =
          detail.kind === 'book'
            ? detail.editions.map((edition) => edition.pages).find((value) => value !== null)
            : detail.pages;
        return pages ? new Intl.NumberFormat(locale).format(pages) : none;
      }),
    },
    {
      key: 'size',
      label: t('compare.size'),
      cells: cell((detail) => (detail.kind === 'file' ? formatFileSize(detail.sizeBytes, locale) : none)),
    },
    { key: 'author', label: t('compare.author'), cells: cell((detail) => detail.author.name) },
    {
      key: 'actions',
      label: t('compare.actions'),
      cells: items.map((item, index) => {
        const detail = detailOf(index);
        return (
          <td key={item.id}>
            <div className="compare-actions">
              {detail?.kind === 'book' &&
                detail.editions
                  .filter((edition) => edition.inStock)
                  .map((edition) => (
                    <Button
                      key={edition.format}
                      size="sm"
                      onClick={() => onAddToCart(detail, edition)}
                      aria-label={t(`compare.add.${edition.format as EditionFormat}Label`, {
                        title: detail.title,
                      })}
                    >
                      {t(`compare.add.${edition.format as EditionFormat}`)}
                    </Button>
                  ))}
              {detail?.kind === 'file' && detail.free && freeAction?.(detail)}
              {detail?.kind === 'file' && !detail.free && (
                <Button
                  size="sm"
                  onClick={() => onAddToCart(detail)}
                  aria-label={t('compare.addToCartLabel', { title: detail.title })}
                >
                  {t('compare.addToCart')}
                </Button>
              )}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => dispatch(deleteFromCompare({ id: item.id }))}
                aria-label={t('compare.removeLabel', { title: item.title })}
              >
                {t('compare.remove')}
              </Button>
            </div>
          </td>
        );
      }),
    },
  ];

  return (
    <SavedListScreen
      count={items.length}
      empty={{
        title: t('compare.emptyTitle'),
        text: t('compare.emptyText'),
        icon: <CompareIcon size={40} />,
      }}
      clearLabel={t('compare.clear')}
      onClear={() => dispatch(deleteAllFromCompare())}
    >
      {isLoading && (
        <p className="compare-status">
          <Spinner size="sm" label={t('compare.loading')} />{' '}
          <span aria-hidden="true">{t('compare.loading')}</span>
        </p>
      )}
      {isError && (
        <Alert tone="error" title={t('compare.error')}>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            {t('compare.retry')}
          </Button>
        </Alert>
      )}
      <p className="compare-hint">{t('compare.scrollHint')}</p>
      {/* The region scrolls sideways on narrow screens; it is focusable so keyboard users can scroll it. */}
      <div
        className="compare-scroll"
        role="region"
        aria-labelledby="compare-caption"
        aria-busy={isLoading}
        tabIndex={0}
      >
        <table className="compare-table">
          <caption id="compare-caption">{t('compare.caption', { count: items.length })}</caption>
          <thead>
            <tr>
              <td className="compare-table__corner" />
              {items.map((item, index) => {
                const detail = detailOf(index);
                return (
                  <th key={item.id} scope="col" className="compare-table__product">
                    <img
                      src={detail?.coverUrl ?? item.image}
                      alt=""
                      width="120"
                      height="160"
                      loading="lazy"
                    />
                    <Link to={productPath({ id: item.id, kind: item.type })}>
                      {detail?.title ?? item.title}
                    </Link>
                    {detail === null && (
                      <span className="compare-table__gone">{t('compare.unavailable')}</span>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {row.cells}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SavedListScreen>
  );
}
