import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, intlLocale } from '@/lib/money';
import { useQuoteRoyaltyQuery } from '../api/authoring-api';
import type { PriceQuoteArgs } from '../api/authoring-api';

/** The value once it stopped changing for `delay` ms. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * "Customers pay X, you earn Y per sale (Z %)" for a proposed price, from the server's calculator (the rates
 * and VAT are its settings); nothing while the price is not a valid one.
 */
export function RoyaltyQuote({ args }: { args: PriceQuoteArgs | null }) {
  const { t, i18n } = useTranslation('authoring');
  const locale = intlLocale(i18n.language);
  const key = args ? JSON.stringify(args) : null;
  const settledKey = useSettled(key, 350);
  const settled = settledKey ? (JSON.parse(settledKey) as PriceQuoteArgs) : null;
  const { data, isError, isFetching } = useQuoteRoyaltyQuery(
    settled ?? { kind: 'file', section: 'professional', priceCents: 0 },
    {
      skip: !settled,
    },
  );

  let text: string | null = null;
  if (settled && data && !isError)
    text = t('quote.text', {
      customer: formatMoney(data.customerPriceCents, locale),
      royalty: formatMoney(data.royaltyCents, locale),
      rate: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
        data.royaltyRateBp / 10_000,
      ),
    });
  else if (settled && isError) text = t('quote.unavailable');

  return (
    <p className={`royalty-quote${isFetching ? ' royalty-quote--stale' : ''}`} aria-live="polite">
      {text}
    </p>
  );
}
