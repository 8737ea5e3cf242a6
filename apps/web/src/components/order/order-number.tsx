import { useTranslation } from 'react-i18next';

const SLOT = '\u0001';

/** "Order HLS-2026-000042", the reference never broken across lines at its hyphens. */
export function OrderNumber({ number }: { number: string }) {
  const { t } = useTranslation('orders');
  const [before = '', after = ''] = t('number', { number: SLOT }).split(SLOT);
  return (
    <>
      {before}
      <span className="nowrap">{number}</span>
      {after}
    </>
  );
}
