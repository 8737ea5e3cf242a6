import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AuthorProduct } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/dates';
import { intlLocale } from '@/lib/money';
import { useGetAuthorProductsQuery } from '../api/authoring-api';
import { kindLabelKey } from '../labels';
import { CoverImage } from './cover-image';
import { SubmissionStatusBadge } from './submission-status-badge';

function AddButtons() {
  const { t } = useTranslation('authoring');
  return (
    <div className="author-products__add">
      <ButtonLink to={paths.bookProposed.getHref()}>{t('list.addBook')}</ButtonLink>
      <ButtonLink variant="secondary" to={paths.fileProposed.getHref()}>
        {t('list.addFile')}
      </ButtonLink>
    </div>
  );
}

function ProductRow({ product, locale }: { product: AuthorProduct; locale: string }) {
  const { t } = useTranslation('authoring');
  const href = paths.authorProduct.getHref(product.id);
  const title = product.title || t('list.untitled');
  const decision = product.lastDecision;
  return (
    <li className="card author-product-row">
      <CoverImage
        url={product.coverUrl}
        alt={t('list.coverOf', { title })}
        className="author-product-row__cover"
      />
      <div className="author-product-row__body">
        <p className="author-product-row__kind">
          {t(kindLabelKey(product))}
          {product.versions > 0 && ` · ${t('list.versions', { count: product.versions })}`}
        </p>
        <h3 className="author-product-row__title">
          <Link to={href}>{title}</Link>
        </h3>
        <p className="author-product-row__meta">
          <SubmissionStatusBadge status={product.status} />
          <span>{t('list.updated', { date: formatDate(product.updatedAt, locale) })}</span>
          {product.unpublishRequested && <span>{t('list.unpublishRequested')}</span>}
        </p>
        {decision && (
          <div className="author-product-row__decision">
            <p className="author-product-row__decision-title">
              {t(`decisions.${decision.kind}`)} · {formatDate(decision.at, locale)}
            </p>
            {decision.comment && <p className="author-product-row__comment">{decision.comment}</p>}
          </div>
        )}
      </div>
      <div className="author-product-row__side">
        <p className="author-product-row__sales">
          <strong>{product.salesCount}</strong>{' '}
          {product.section === 'academic'
            ? t('list.downloads', { count: product.salesCount })
            : t('list.sales', { count: product.salesCount })}
        </p>
        <ButtonLink variant="secondary" size="sm" to={href} aria-label={t('list.openNamed', { title })}>
          {t('list.open')}
        </ButtonLink>
      </div>
    </li>
  );
}

/** /file-book "My products": the author's books and files, most recently changed first. */
export function AuthorProductsView() {
  const { t, i18n } = useTranslation('authoring');
  const locale = intlLocale(i18n.language);
  const books = useGetAuthorProductsQuery('book');
  const files = useGetAuthorProductsQuery('file');

  if (books.isLoading || files.isLoading) return <PageSpinner label={t('list.loading')} />;
  if (!books.data || !files.data)
    return (
      <Alert tone="error" title={t('list.loadFailed')}>
        <Button
          variant="secondary"
          size="sm"
          busy={books.isFetching || files.isFetching}
          onClick={() => {
            void books.refetch();
            void files.refetch();
          }}
        >
          {t('list.retry')}
        </Button>
      </Alert>
    );

  const products = [...books.data.results, ...files.data.results].sort((a, b) =>
    b.updatedAt.localeCompare(a.updatedAt),
  );
  if (products.length === 0)
    return (
      <EmptyState title={t('list.emptyTitle')} text={t('list.emptyText')}>
        <AddButtons />
        <Link to={paths.publish.getHref()}>{t('list.guide')}</Link>
      </EmptyState>
    );

  return (
    <div className="author-products">
      <div className="author-products__header">
        <p className="author-products__count">{t('list.count', { count: products.length })}</p>
        <AddButtons />
      </div>
      <ul className="author-products__list" aria-label={t('list.label')}>
        {products.map((product) => (
          <ProductRow key={product.id} product={product} locale={locale} />
        ))}
      </ul>
    </div>
  );
}
