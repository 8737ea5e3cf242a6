import type { Language } from '@hls/contract';
import { createTranslator, type Say } from '@hls/locales';
import en from '@hls/locales/en/mail.json' with { type: 'json' };
import fr from '@hls/locales/fr/mail.json' with { type: 'json' };
import { addressLines, dateTime, day, lifetime, money, quote } from './mail-templates.format.ts';
import { layOut, type MailContent, type Part, type RenderedMail } from './mail-templates.layout.ts';
import type { MailAuthorSale, MailTemplate, MailTemplates } from './mail-templates.types.ts';

export type { RenderedMail } from './mail-templates.layout.ts';
export type { MailAuthorSale, MailOrderLine, MailTemplate, MailTemplates } from './mail-templates.types.ts';

/**
 * The e-mails. Their words are the `mail` namespace of @hls/locales, `{{name}}` filled with the data; what is
 * here is which blocks each one shows and in which order. How blocks are laid out in text and in HTML, escaped,
 * is mail-templates.layout.ts; dates, amounts and lifetimes are written by mail-templates.format.ts.
 */
const say = createTranslator<typeof en>({ fr, en });
type Words = Say<typeof en>;

const hello = (w: Words, firstName: string) => w('greeting', { firstName });
const link = (label: string, url: string): Part => ({ link: { label, url } });

/** An author's sales: product and format, quantity, royalty, and a total line; never the buyer. */
const salesTable = (
  lines: MailAuthorSale[],
  royaltyCents: number,
  group: 'author_sale' | 'author_sales_digest',
  w: Words,
  lng: Language,
): Part => ({
  table: {
    head: [w(`${group}.product`), w(`${group}.quantity`), w(`${group}.royalty`)],
    rows: lines.map((line) => [
      `${line.title} (${w(`order_confirmation.formats.${line.format}`)})`,
      String(line.quantity),
      line.royaltyCents === null ? w('author_sale.unknown') : money(line.royaltyCents, lng),
    ]),
    foot: [
      [
        w(`${group}.total`),
        String(lines.reduce((sum, line) => sum + line.quantity, 0)),
        money(royaltyCents, lng),
      ],
    ],
    numeric: [1, 2],
  },
});

/** Each e-mail's blocks, in the words of its language. */
const contents: { [T in MailTemplate]: (data: MailTemplates[T], w: Words, lng: Language) => MailContent } = {
  welcome: (d, w, lng) => ({
    subject: w('welcome.subject'),
    greeting: hello(w, d.firstName),
    paragraphs: [
      w(d.role === 'author' ? 'welcome.authorAccount' : 'welcome.account'),
      w('welcome.confirm', { validFor: lifetime(d.validFor, lng) }),
      w('welcome.notYou'),
    ],
    action: { label: w('welcome.action'), url: d.confirmUrl },
  }),
  email_confirmation: (d, w, lng) => ({
    subject: w('email_confirmation.subject'),
    greeting: hello(w, d.firstName),
    paragraphs: [
      w('email_confirmation.confirm', { validFor: lifetime(d.validFor, lng) }),
      w('email_confirmation.notYou'),
    ],
    action: { label: w('email_confirmation.action'), url: d.link },
  }),
  email_change_confirm: (d, w, lng) => ({
    subject: w('email_change_confirm.subject'),
    greeting: hello(w, d.firstName),
    paragraphs: [
      w('email_change_confirm.change', { newEmail: d.newEmail, validFor: lifetime(d.validFor, lng) }),
      w('email_change_confirm.notYou'),
    ],
    action: { label: w('email_change_confirm.action'), url: d.link },
  }),
  email_change_notice: (d, w, lng) => ({
    subject: w(`email_change_notice.subject.${d.stage}`),
    greeting: hello(w, d.firstName),
    paragraphs: [
      w(`email_change_notice.change.${d.stage}`, { newEmail: d.newEmail }),
      w('email_change_notice.ifYou'),
      w(`email_change_notice.ifNotYou.${d.stage}`, { validFor: lifetime(d.validFor, lng) }),
    ],
    action: { label: w('email_change_notice.action'), url: d.reportUrl },
  }),
  password_reset: (d, w) => ({
    subject: w('password_reset.subject'),
    greeting: hello(w, d.firstName),
    paragraphs: [w('password_reset.choose', { validMinutes: d.validMinutes }), w('password_reset.notYou')],
    action: { label: w('password_reset.action'), url: d.link },
  }),
  password_reset_unknown: (d, w) => ({
    subject: w('password_reset_unknown.subject'),
    greeting: w('greetingAnonymous'),
    paragraphs: [
      w('password_reset_unknown.unknown', { email: d.email }),
      w('password_reset_unknown.ifYou'),
      w('password_reset_unknown.ifNotYou'),
    ],
    action: { label: w('password_reset_unknown.action'), url: d.registerUrl },
  }),
  password_changed: (d, w) => ({
    subject: w('password_changed.subject'),
    greeting: hello(w, d.firstName),
    paragraphs: [w('password_changed.changed'), w('password_changed.notYou')],
    action: { label: w('password_changed.action'), url: d.resetUrl },
  }),
  contact_team: (d, w) => ({
    subject: w('contact_team.subject', { subject: d.subject }),
    greeting: w('greetingAnonymous'),
    paragraphs: [
      w('contact_team.received', { reference: d.reference }),
      w('contact_team.from', {
        name: d.name,
        email: d.email,
        language: w(`contact_team.languages.${d.language}`),
      }),
      w('contact_team.about', { subject: d.subject }),
      quote(d.message),
      w('contact_team.reply', { email: d.email }),
    ],
  }),
  contact_ack: (d, w) => ({
    subject: w('contact_ack.subject'),
    greeting: w('greetingAnonymous'),
    paragraphs: [w('contact_ack.received', { reference: d.reference })],
  }),
  order_confirmation: (d, w, lng) => {
    // Delivery is a paper book's: an order of digital goods only has none to speak of.
    const hasPaper = d.lines.some((line) => line.format === 'paper');
    const totals: string[][] = [
      [w('order_confirmation.subtotal'), money(d.subtotalCents, lng)],
      ...(d.discountCents > 0
        ? [[w('order_confirmation.discount'), `− ${money(d.discountCents, lng)}`]]
        : []),
      ...(hasPaper ? [[w('order_confirmation.delivery'), w('order_confirmation.included')]] : []),
      [w('order_confirmation.total'), money(d.totalCents, lng)],
      ...(d.vatCents !== null ? [[w('order_confirmation.vat'), money(d.vatCents, lng)]] : []),
    ];
    return {
      subject: w('order_confirmation.subject', { orderNumber: d.orderNumber }),
      greeting: hello(w, d.firstName),
      paragraphs: [
        w('order_confirmation.thanks', { orderNumber: d.orderNumber, paidAt: dateTime(d.paidAt, lng) }),
        {
          table: {
            head: (['item', 'quantity', 'unitPrice', 'amount'] as const).map((c) =>
              w(`order_confirmation.${c}`),
            ),
            rows: d.lines.map((line) => [
              `${line.title} (${w(`order_confirmation.formats.${line.format}`)})`,
              String(line.quantity),
              money(line.unitFinalCents, lng),
              money(line.totalCents, lng),
            ]),
            foot: totals.map(([label, value]) => [label!, '', '', value!]),
            numeric: [1, 2, 3],
          },
        },
        ...(d.consent
          ? [
              w('order_confirmation.consent', { at: dateTime(d.consent.at, lng) }),
              { lines: [`✓ ${d.consent.immediateDelivery}`, `✓ ${d.consent.withdrawalWaiver}`] },
            ]
          : []),
        ...(d.address ? [w('order_confirmation.address'), { lines: addressLines(d.address, lng) }] : []),
        // Paper books: the withdrawal right, the model form and who pays the return, said once, here.
        ...(hasPaper
          ? [
              w('order_confirmation.withdrawal'),
              ...(d.withdrawalFormUrl
                ? [link(w('order_confirmation.withdrawalForm'), d.withdrawalFormUrl)]
                : []),
              w('order_confirmation.returnPostage'),
            ]
          : []),
        ...(d.downloadsUrl ? [link(w('order_confirmation.download'), d.downloadsUrl)] : []),
        {
          lines: [
            d.company.name,
            d.company.address,
            ...(d.company.vatNumber
              ? [w('order_confirmation.vatNumber', { vatNumber: d.company.vatNumber })]
              : []),
          ],
        },
      ],
      action: { label: w('viewOrder'), url: d.orderUrl },
    };
  },
  order_shipped: (d, w) => ({
    subject: w('order_shipped.subject', { orderNumber: d.orderNumber }),
    greeting: hello(w, d.firstName),
    paragraphs: [
      w('order_shipped.left', { orderNumber: d.orderNumber }),
      {
        lines: [
          w('order_shipped.carrier', { carrier: d.carrier }),
          w('order_shipped.trackingNumber', { trackingNumber: d.trackingNumber }),
        ],
      },
      ...(d.trackingUrl ? [link(w('order_shipped.track'), d.trackingUrl)] : []),
    ],
    action: { label: w('viewOrder'), url: d.orderUrl },
  }),
  order_delivered: (d, w, lng) => ({
    subject: w('order_delivered.subject', { orderNumber: d.orderNumber }),
    greeting: hello(w, d.firstName),
    paragraphs: [
      w('order_delivered.delivered', { orderNumber: d.orderNumber }),
      ...(d.withdrawalDeadline
        ? [w('order_delivered.withdrawal', { deadline: dateTime(d.withdrawalDeadline, lng) })]
        : []),
    ],
    action: { label: w('viewOrder'), url: d.orderUrl },
  }),
  order_refunded: (d, w, lng) => ({
    subject: w('order_refunded.subject', { orderNumber: d.orderNumber }),
    greeting: hello(w, d.firstName),
    paragraphs: [
      w('order_refunded.refunded', { amount: money(d.amountCents, lng), orderNumber: d.orderNumber }),
      ...(d.lines.length
        ? [w('order_refunded.items'), { lines: d.lines.map((line) => `• ${line.title}`) }]
        : []),
      w('order_refunded.downloads'),
      ...(d.creditNote ? [w('order_refunded.creditNote', { number: d.creditNote.number })] : []),
    ],
    action: { label: w('viewOrder'), url: d.orderUrl },
  }),
  withdrawal_ack: (d, w, lng) => ({
    subject: w('withdrawal_ack.subject', { orderNumber: d.orderNumber }),
    greeting: hello(w, d.firstName),
    paragraphs: [
      w('withdrawal_ack.received', { orderNumber: d.orderNumber, requestedAt: dateTime(d.requestedAt, lng) }),
      { lines: d.lines.map((line) => `• ${line.title} × ${line.quantity}`) },
      w('withdrawal_ack.sendBack'),
      { lines: d.returnAddress.split(/\r?\n|,\s*/) },
      w('withdrawal_ack.refund'),
    ],
    action: { label: w('viewOrder'), url: d.orderUrl },
  }),
  new_version: (d, w, lng) => {
    const title = w('new_version.title', { title: d.title });
    return {
      subject: w('new_version.subject', { title, version: d.version }),
      greeting: hello(w, d.firstName),
      paragraphs: [
        w('new_version.lead', { title, version: d.version, day: day(d.publishedAt.slice(0, 10), lng) }),
        ...(d.note ? [w('new_version.note'), quote(d.note)] : []),
        w('new_version.download'),
        w('new_version.earlier'),
        link(w('new_version.optOut'), d.optOutUrl),
      ],
      action: { label: w('new_version.action'), url: d.downloadsUrl },
    };
  },
  download_links: (d, w, lng) => ({
    subject: w('download_links.subject'),
    greeting: hello(w, d.firstName),
    paragraphs: [
      w('download_links.intro'),
      ...d.links.map((l) =>
        link(w('download_links.link', { title: l.title, expiresAt: dateTime(l.expiresAt, lng) }), l.url),
      ),
      w('download_links.afterwards'),
    ],
    action: { label: w('download_links.action'), url: d.downloadsUrl },
  }),
  editorial_decision: (d, w) => {
    const quoted = w('editorial_decision.title', { title: d.title });
    const title =
      d.version === null
        ? quoted
        : w('editorial_decision.titleVersion', { title: quoted, version: d.version });
    return {
      subject: w(`editorial_decision.${d.decision}.subject`, { title: quoted }),
      greeting: hello(w, d.firstName),
      paragraphs: [
        w(`editorial_decision.${d.decision}.lead`, { title }),
        w('editorial_decision.comment'),
        quote(d.comment),
        w(`editorial_decision.${d.decision}.next`),
        ...(d.productUrl ? [link(w('editorial_decision.product'), d.productUrl)] : []),
      ],
      action: { label: w('editorial_decision.action'), url: d.submissionUrl },
    };
  },
  bank_details_changed: (d, w, lng) => ({
    subject: w(`bank_details_changed.subject.${d.change}`),
    greeting: hello(w, d.firstName),
    paragraphs: [
      w(`bank_details_changed.changed.${d.change}`, { at: dateTime(d.at, lng) }),
      {
        lines: [
          w('bank_details_changed.holder', { holder: d.holder }),
          w('bank_details_changed.iban', { iban: d.ibanMasked }),
          w('bank_details_changed.bic', { bic: d.bic }),
          w('bank_details_changed.bank', { bank: d.bankName }),
        ],
      },
      w('bank_details_changed.notYou', { contactEmail: d.contactEmail }),
      link(w('bank_details_changed.reset'), d.resetUrl),
    ],
    action: { label: w('bank_details_changed.action'), url: d.pageUrl },
  }),
  author_proposal_received: (d, w, lng) => {
    const title = w('author_proposal_received.title', { title: d.title });
    return {
      subject: w('author_proposal_received.subject', { title }),
      greeting: hello(w, d.firstName),
      paragraphs: [
        w('author_proposal_received.received', {
          title,
          version: d.version,
          submittedAt: dateTime(d.submittedAt, lng),
        }),
        w('author_proposal_received.next'),
      ],
      action: { label: w('author_proposal_received.action'), url: d.submissionUrl },
    };
  },
  author_sale: (d, w, lng) => ({
    subject:
      d.lines.length === 1
        ? w('author_sale.subject.one', { title: w('author_sale.title', { title: d.lines[0]!.title }) })
        : w('author_sale.subject.many'),
    greeting: hello(w, d.firstName),
    paragraphs: [
      w('author_sale.sold', { paidAt: dateTime(d.paidAt, lng) }),
      salesTable(d.lines, d.royaltyCents, 'author_sale', w, lng),
      w('author_sale.royaltyNote'),
      w('author_sale.choice'),
      link(w('emailChoices'), d.preferencesUrl),
    ],
    action: { label: w('author_sale.action'), url: d.pageUrl },
  }),
  author_sales_digest: (d, w, lng) => ({
    subject: w('author_sales_digest.subject', { day: day(d.day, lng) }),
    greeting: hello(w, d.firstName),
    paragraphs: [
      w('author_sales_digest.sold', { day: day(d.day, lng) }),
      salesTable(d.lines, d.royaltyCents, 'author_sales_digest', w, lng),
      w('author_sales_digest.choice'),
      link(w('emailChoices'), d.preferencesUrl),
    ],
    action: { label: w('author_sales_digest.action'), url: d.pageUrl },
  }),
  author_review_published: (d, w) => {
    const title = w('author_review_published.title', { title: d.title });
    return {
      subject: w('author_review_published.subject', { title }),
      greeting: hello(w, d.firstName),
      paragraphs: [
        w('author_review_published.published', { title, rating: d.rating }),
        w('author_review_published.choice'),
        link(w('emailChoices'), d.preferencesUrl),
      ],
      action: { label: w('author_review_published.action'), url: d.productUrl },
    };
  },
  royalty_payout: (d, w, lng) => {
    const amount = money(d.amountCents, lng);
    return {
      subject: w('royalty_payout.subject', { amount }),
      greeting: hello(w, d.firstName),
      paragraphs: [
        w('royalty_payout.paying', { amount, day: day(d.executionDate, lng) }),
        {
          lines: [
            w('royalty_payout.amount', { amount }),
            w('royalty_payout.reference', { reference: d.reference }),
            w('royalty_payout.account', { iban: d.ibanMasked }),
          ],
        },
        w('royalty_payout.afterwards'),
      ],
      action: { label: w('royalty_payout.action'), url: d.pageUrl },
    };
  },
  stock_back: (d, w) => {
    const title = w('stock_back.title', { title: d.title });
    return {
      subject: w('stock_back.subject', { title }),
      greeting: hello(w, d.firstName),
      paragraphs: [w('stock_back.back', { title }), w('stock_back.hurry')],
      action: { label: w('stock_back.action'), url: d.productUrl },
    };
  },
};

export function renderMail<T extends MailTemplate>(
  template: T,
  language: Language,
  data: MailTemplates[T],
): RenderedMail {
  const words = say(language);
  const content = contents[template](data, words, language);
  return layOut(content, language, { linkSeparator: words('linkSeparator'), signature: words('signature') });
}
