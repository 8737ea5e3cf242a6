import { useTranslation } from 'react-i18next';

export type DeliveryDays = { minDays: number; maxDays: number };

/**
 * What a buyer of paper books is told on the book's page, in the cart and at checkout alike: how long delivery
 * takes (GET /api/site), and that import VAT and duties on a parcel from Tunisia are the shop's to pay.
 */
export function PaperDeliveryNote({
  days,
  className = '',
}: {
  days?: DeliveryDays | undefined;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <div className={`delivery-note ${className}`.trim()}>
      <p className="delivery-note__estimate">
        {days ? t('delivery.estimate', { min: days.minDays, max: days.maxDays }) : t('delivery.included')}
      </p>
      <p className="delivery-note__duties">
        <strong>{t('delivery.dutiesTitle')}.</strong> {t('delivery.duties')}
      </p>
    </div>
  );
}
