import type { TFunction } from 'i18next';
import type { PayoutSummary } from '@hls/contract';
import { formatDate } from '@/lib/dates';

/** The days of the sales a payout settled: "From 3 to 28 November", or the one day when it is one. */
export function periodText(
  t: TFunction<'royalties'>,
  payout: Pick<PayoutSummary, 'periodFrom' | 'periodTo'>,
  locale: string,
): string {
  const from = formatDate(payout.periodFrom, locale);
  const to = formatDate(payout.periodTo, locale);
  return from === to ? t('payouts.periodDay', { date: from }) : t('payouts.periodText', { from, to });
}
