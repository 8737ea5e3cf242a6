import type { Language } from '@hls/contract';
import { invoiceFilename, renderInvoice } from '../../lib/pdf/invoice.ts';
import { renderReceipt } from '../../lib/pdf/receipt.ts';
import type { MailTemplate, MailTemplates } from './mail-templates.ts';
import type { MailAttachment } from './mail-transport.ts';

type AttachmentRenderer<T extends MailTemplate> = (
  data: MailTemplates[T],
  language: Language,
  to: string,
) => Promise<MailAttachment[]>;

/**
 * Files some templates attach, made by the sender from the data stored with the message: the transaction that
 * queues the message stays short, and a failure to render is retried like a failure to send.
 */
const renderers: { [T in MailTemplate]?: AttachmentRenderer<T> } = {
  order_confirmation: async (d, language, to) => [
    d.invoice
      ? {
          filename: invoiceFilename(d.invoice),
          contentType: 'application/pdf',
          content: Buffer.from(
            await renderInvoice(d.invoice, { consent: d.consent, deliveryAddress: d.address }),
          ),
        }
      : {
          filename: `receipt-${d.orderNumber}.pdf`,
          contentType: 'application/pdf',
          content: Buffer.from(
            await renderReceipt({
              language,
              orderNumber: d.orderNumber,
              paidAt: d.paidAt,
              customer: { name: d.address?.fullName ?? d.firstName, email: to },
              lines: d.lines,
              subtotalCents: d.subtotalCents,
              discountCents: d.discountCents,
              totalCents: d.totalCents,
              vatCents: d.vatCents,
              consent: d.consent,
              address: d.address,
              company: d.company,
            }),
          ),
        },
  ],
  order_refunded: async (d) =>
    d.creditNote
      ? [
          {
            filename: invoiceFilename(d.creditNote),
            contentType: 'application/pdf',
            content: Buffer.from(await renderInvoice(d.creditNote)),
          },
        ]
      : [],
};

/** The attachments of a stored message; none for a template without any. */
export async function renderAttachments(
  template: string,
  language: Language,
  data: unknown,
  to: string,
): Promise<MailAttachment[]> {
  const render = renderers[template as MailTemplate] as AttachmentRenderer<MailTemplate> | undefined;
  return render ? render(data as MailTemplates[MailTemplate], language, to) : [];
}
