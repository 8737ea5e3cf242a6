import { useTranslation } from 'react-i18next';
import type { OrderLine } from '@hls/contract';
import { FileTypeIcon } from '@/components/ui/file-type-icon';
import { formatMoney } from '@/lib/money';

type OrderLinesProps = {
  lines: OrderLine[];
  locale: string;
  /** Marks refunded and withdrawn lines (orders pages); the checkout shows lines as they are bought. */
  showLineStatus?: boolean;
};

/** The lines of an order: cover, title, what is bought (paper, ebook, file type), quantity, prices. */
export function OrderLines({ lines, locale, showLineStatus = false }: OrderLinesProps) {
  const { t } = useTranslation('orders');
  return (
    <ul className="order-lines">
      {lines.map((line) => (
        <li key={line.id} className="order-line">
          <img
            className="order-line__image"
            src={line.coverUrl}
            alt=""
            width="48"
            height="64"
            loading="lazy"
          />
          <div className="order-line__info">
            <p className="order-line__title">{line.title}</p>
            <p className="order-line__meta">
              {line.fileType && <FileTypeIcon type={line.fileType} size={16} />}
              <span>
                {line.format === 'file' && line.fileType
                  ? t(`fileTypes.${line.fileType}`)
                  : t(`formats.${line.format}`)}
              </span>
              <span aria-hidden="true"> · </span>
              <span>{t('lines.quantity', { count: line.quantity })}</span>
              {line.quantity > 1 && (
                <>
                  <span aria-hidden="true"> · </span>
                  <span>{t('lines.each', { price: formatMoney(line.unitFinalCents, locale) })}</span>
                </>
              )}
              {line.discountPercent > 0 && (
                <span className="order-line__discount">
                  {' '}
                  {t('lines.discount', { percent: line.discountPercent })}
                </span>
              )}
            </p>
            {showLineStatus && line.status !== 'active' && (
              <p className={`order-line__status order-line__status--${line.status}`}>
                {t(`lines.status.${line.status}`)}
                {line.refundedCents > 0 &&
                  ` · ${t('lines.refunded', { amount: formatMoney(line.refundedCents, locale) })}`}
              </p>
            )}
          </div>
          <p className="order-line__total">
            <span className="visually-hidden">{t('lines.total')}: </span>
            {line.unitPriceCents !== line.unitFinalCents && (
              <del className="price-old">
                <span className="visually-hidden">{t('lines.was')} </span>
                {formatMoney(line.unitPriceCents * line.quantity, locale)}
              </del>
            )}{' '}
            {formatMoney(line.totalCents, locale)}
          </p>
        </li>
      ))}
    </ul>
  );
}
