import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import type { InvoiceSummary } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { api } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { downloadProtectedFile } from '@/lib/protected-download';

type Scope = 'customer' | 'staff';

/** An order's invoice and credit notes: the customer's own (GET /api/order/{id}/invoices), or the back office's. */
const invoicesApi = api.enhanceEndpoints({ addTagTypes: ['OrderInvoices'] }).injectEndpoints({
  endpoints: (build) => ({
    getOrderInvoices: build.query<InvoiceSummary[], { orderId: string; scope: Scope; refreshKey?: string }>({
      query: ({ orderId, scope }) =>
        scope === 'staff'
          ? endpoints.adminOrderInvoices.url({ id: orderId })
          : endpoints.orderInvoices.url({ id: orderId }),
      extraOptions: { auth: true },
      providesTags: (_result, _error, { orderId }) => [{ type: 'OrderInvoices', id: orderId }],
    }),
  }),
});

const pdfPath = (invoice: InvoiceSummary, scope: Scope) =>
  (scope === 'staff' ? endpoints.adminOrderInvoicePdf : endpoints.orderInvoicePdf).url({
    id: invoice.orderId,
    invoiceId: invoice.id,
  });

const fileName = (invoice: InvoiceSummary) =>
  `${invoice.kind === 'invoice' ? 'invoice' : 'credit-note'}-${invoice.number}.pdf`;

/**
 * The invoice and credit notes of a paid order, each with its PDF (fetched with the session's token): on the
 * customer's orders and in the back office's order detail. Nothing shows while the order has none.
 */
export function OrderInvoices({
  orderId,
  scope,
  locale,
  headingLevel = 3,
  refreshKey,
  className,
}: {
  orderId: string;
  scope: Scope;
  locale: string;
  headingLevel?: 2 | 3;
  /** A value that changes when the order does (its status): the list is read again. */
  refreshKey?: string;
  className?: string;
}) {
  const { t } = useTranslation('tax');
  // The store's dispatch (components sit below app/ and its typed hooks): a renewed token reaches the session.
  const { dispatch } = useStore();
  const [busy, setBusy] = useState<string | null>(null);
  // The key is part of the query's arguments only so that a change of the order reads the list again.
  const { data } = invoicesApi.useGetOrderInvoicesQuery(
    { orderId, scope, ...(refreshKey ? { refreshKey } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  if (!data || data.length === 0) return null;

  const download = async (invoice: InvoiceSummary) => {
    setBusy(invoice.id);
    try {
      const outcome = await downloadProtectedFile(
        pdfPath(invoice, scope),
        fileName(invoice),
        dispatch as (action: unknown) => unknown,
      );
      if (!outcome.ok) notify.error(t('invoices.failed'), t('invoices.failedText'));
    } finally {
      setBusy(null);
    }
  };
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={className ? `order-invoices ${className}` : 'order-invoices'}>
      <Heading className="order-invoices__title">{t('invoices.title')}</Heading>
      <ul className="order-invoices__list">
        {data.map((invoice) => {
          const name =
            invoice.kind === 'invoice'
              ? t('invoices.invoice', { number: invoice.number })
              : t('invoices.creditNote', { number: invoice.number });
          return (
            <li key={invoice.id} className="order-invoices__item">
              <span className="order-invoices__name">
                <strong>{name}</strong>{' '}
                <span className="order-invoices__meta">
                  {t('invoices.issuedOn', { date: formatDate(invoice.issuedAt, locale) })} ·{' '}
                  {formatMoney(invoice.totalCents, locale)}
                </span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                busy={busy === invoice.id}
                aria-label={t('invoices.downloadLabel', { name })}
                onClick={() => void download(invoice)}
              >
                {t('invoices.download')}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
