import type { Address, DigitalConsent, Language, LineFormat } from '@hls/contract';

/** A line of an order as the order e-mails show it. */
export type MailOrderLine = {
  title: string;
  format: LineFormat;
  quantity: number;
  unitFinalCents: number;
  totalCents: number;
};

export type MailTemplates = {
  /** A new account: the link confirming its address (orders wait for it), valid `validFor` seconds. */
  welcome: {
    firstName: string;
    role: 'customer' | 'author' | 'editor' | 'admin';
    confirmUrl: string;
    validFor: number;
  };
  /** A confirmation link asked for again. */
  email_confirmation: { firstName: string; link: string; validFor: number };
  /** To the new address of a change: the link that makes it take effect. */
  email_change_confirm: { firstName: string; newEmail: string; link: string; validFor: number };
  /**
   * To the old address of a change, when it is asked for and when it takes effect: what changes, and the link to
   * report it (valid `validFor` seconds) if it was not the owner.
   */
  email_change_notice: {
    firstName: string;
    stage: 'requested' | 'done';
    newEmail: string;
    reportUrl: string;
    validFor: number;
  };
  password_reset: { firstName: string; link: string; validMinutes: number };
  /** A reset asked for an address no account uses: the asker learns it by mail, not from the answer. */
  password_reset_unknown: { email: string; registerUrl: string };
  password_changed: { firstName: string; resetUrl: string };
  contact_team: {
    name: string;
    email: string;
    subject: string;
    message: string;
    language: Language;
    reference: string;
  };
  /** Sent only to the confirmed address of the signed-in sender; quotes nothing of the message. */
  contact_ack: { reference: string };
  /**
   * Paid: the durable record of the order and of the digital-goods consents (Art. 8(7)); the PDF receipt
   * `receipt-<number>.pdf` is rendered from this data and attached when the message is sent.
   */
  order_confirmation: {
    firstName: string;
    orderNumber: string;
    orderUrl: string;
    downloadsUrl: string | null;
    /** ISO time. */
    paidAt: string;
    lines: MailOrderLine[];
    subtotalCents: number;
    discountCents: number;
    totalCents: number;
    vatCents: number | null;
    consent: DigitalConsent | null;
    address: Address | null;
    company: { name: string; address: string; vatNumber: string };
  };
  order_shipped: {
    firstName: string;
    orderNumber: string;
    orderUrl: string;
    carrier: string;
    trackingNumber: string;
    trackingUrl: string | null;
  };
  order_delivered: {
    firstName: string;
    orderNumber: string;
    orderUrl: string;
    /** ISO time; null when the order holds nothing that can be withdrawn. */
    withdrawalDeadline: string | null;
  };
  order_refunded: {
    firstName: string;
    orderNumber: string;
    orderUrl: string;
    amountCents: number;
    lines: { title: string }[];
  };
  withdrawal_ack: {
    firstName: string;
    orderNumber: string;
    orderUrl: string;
    /** ISO time of the confirmed request. */
    requestedAt: string;
    lines: { title: string; quantity: number }[];
    returnAddress: string;
  };
  download_links: {
    firstName: string;
    downloadsUrl: string;
    links: { title: string; url: string; expiresAt: string }[];
  };
  /**
   * An editor's decision on an author's submission, or its unpublication (by an editor or an upheld report): the
   * editor's comment, and links to the author's page of the submission and, once published, to the product.
   */
  editorial_decision: {
    firstName: string;
    title: string;
    decision: 'published' | 'changes_requested' | 'rejected' | 'unpublished' | 'report_upheld';
    comment: string;
    /** The version decided on (decisions); null for an unpublication. */
    version: number | null;
    submissionUrl: string;
    productUrl: string | null;
  };
  /**
   * An author's bank details were saved or changed: when, the account payouts now go to (IBAN masked), and what
   * to do if it was not them — a hijacked account cannot quietly redirect payouts.
   */
  bank_details_changed: {
    firstName: string;
    change: 'created' | 'updated';
    /** ISO time of the change. */
    at: string;
    holder: string;
    /** "FR76 •••• •••• 1234": never the whole IBAN. */
    ibanMasked: string;
    bic: string;
    bankName: string;
    /** The author's payment page, where the details are shown. */
    pageUrl: string;
    /** Where to reset the password. */
    resetUrl: string;
    /** The authors' contact address of the team. */
    contactEmail: string;
  };
  /** A payout run paid the author: the amount, the transfer's reference, when, to which account (masked). */
  royalty_payout: {
    firstName: string;
    amountCents: number;
    /** The transfer's reference as the bank statement shows it (HLS-PO-2026-000012). */
    reference: string;
    /** The requested execution date of the transfer (YYYY-MM-DD). */
    executionDate: string;
    /** "FR76 •••• •••• 1234": never the whole IBAN. */
    ibanMasked: string;
    /** The author's payment page, where the payout is listed. */
    pageUrl: string;
  };
};
export type MailTemplate = keyof MailTemplates;

export type RenderedMail = { subject: string; text: string; html: string };

/** A table (order lines, totals): text columns in the plain part, a table in the HTML part. */
type Table = { head?: string[]; rows: string[][]; foot?: string[][]; numeric: number[] };

/** A paragraph, a block of lines kept together (an address, a quoted consent), a table or a link. */
type Part = string | { lines: string[] } | { table: Table } | { link: { label: string; url: string } };

type Copy = {
  subject: string;
  greeting: string;
  paragraphs: Part[];
  action?: { label: string; url: string };
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const signature: Record<Language, string> = { fr: 'L’équipe HLS', en: 'The HLS team' };

/** What comes between a link's label and its address in the plain part: French puts a narrow space first. */
const colon: Record<Language, string> = { fr: '\u202f: ', en: ': ' };

const quote = (message: string) =>
  message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

const locales: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB' };

/** Formatters are costly to build: one of each per language, made on first use. */
const perLanguage = <T>(make: (locale: string) => T) => {
  const made = new Map<Language, T>();
  return (lng: Language): T => {
    let formatter = made.get(lng);
    if (!formatter) made.set(lng, (formatter = make(locales[lng])));
    return formatter;
  };
};

const euros = perLanguage((locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }));
const moments = perLanguage(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }),
);
const regions = perLanguage((locale) => new Intl.DisplayNames([locale], { type: 'region' }));

/** An amount in euros, in the language's format ("12,50 €", "€12.50"). */
export function money(cents: number, lng: Language): string {
  return euros(lng).format(cents / 100);
}

/** A moment, unambiguous for a record: date, time to the second and UTC. */
export function dateTime(iso: string, lng: Language): string {
  return moments(lng).format(new Date(iso));
}

const countryName = (code: string, lng: Language) => regions(lng).of(code) ?? code;

const unitFormats = perLanguage((locale) => ({
  day: new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }),
  hour: new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long' }),
  minute: new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }),
}));

/** How long a link stays valid, in whole days from two days on, else hours or minutes ("24 heures", "7 days"). */
export function lifetime(seconds: number, lng: Language): string {
  const units = unitFormats(lng);
  if (seconds >= 2 * 86400 && seconds % 86400 === 0) return units.day.format(seconds / 86400);
  if (seconds % 3600 === 0) return units.hour.format(seconds / 3600);
  return units.minute.format(Math.max(1, Math.round(seconds / 60)));
}

function addressLines(a: Address, lng: Language = 'en'): string[] {
  return [
    a.fullName,
    a.line1,
    ...(a.line2 ? [a.line2] : []),
    `${a.postalCode} ${a.city}`,
    countryName(a.country, lng),
    ...(a.phone ? [a.phone] : []),
  ];
}

const orderWords = {
  fr: {
    hello: 'Bonjour',
    item: 'Article',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total (prix catalogue)',
    discount: 'Remises',
    delivery: 'Livraison',
    included: 'incluse',
    total: 'Total payé',
    vat: 'dont TVA',
    vatNumber: 'N° TVA',
    formats: { paper: 'livre papier', ebook: 'livre numérique', file: 'fichier' },
  },
  en: {
    hello: 'Hello',
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal (list prices)',
    discount: 'Discounts',
    delivery: 'Delivery',
    included: 'included',
    total: 'Total paid',
    vat: 'of which VAT',
    vatNumber: 'VAT no.',
    formats: { paper: 'paper book', ebook: 'ebook', file: 'file' },
  },
} as const;

type DecisionWords = { subject: (title: string) => string; lead: (title: string) => string; next: string };

/** The editorial decisions' words: the title comes quoted in the language's marks. */
const decisionWords: Record<
  Language,
  Record<MailTemplates['editorial_decision']['decision'], DecisionWords>
> = {
  fr: {
    published: {
      subject: (t) => `${t} est publié`,
      lead: (t) => `Bonne nouvelle\u202f: ${t} est publié dans le catalogue.`,
      next: 'Il apparaît dès maintenant dans les listes et la recherche\u202f; vos ventes s’afficheront dans votre espace auteur.',
    },
    changes_requested: {
      subject: (t) => `Des modifications sont demandées pour ${t}`,
      lead: (t) => `L’équipe éditoriale a relu ${t} et vous demande des modifications avant publication.`,
      next: 'Apportez-les depuis votre espace auteur, puis soumettez une nouvelle version\u202f: les précédentes restent visibles.',
    },
    rejected: {
      subject: (t) => `${t} n’est pas retenu`,
      lead: (t) => `Après relecture, l’équipe éditoriale ne retient pas ${t} pour publication.`,
      next: 'Vous pouvez proposer un autre document à tout moment depuis votre espace auteur.',
    },
    unpublished: {
      subject: (t) => `${t} n’est plus publié`,
      lead: (t) => `${t} a été retiré du catalogue.`,
      next: 'Les clients qui l’ont déjà acheté gardent leurs téléchargements.',
    },
    report_upheld: {
      subject: (t) => `${t} a été retiré à la suite d’un signalement`,
      lead: (t) =>
        `Un signalement concernant ${t} a été examiné et retenu\u202f: le document a été retiré du catalogue.`,
      next: 'Pour toute question, répondez à ce message ou écrivez-nous depuis la page de contact.',
    },
  },
  en: {
    published: {
      subject: (t) => `${t} is published`,
      lead: (t) => `Good news: ${t} is published in the catalogue.`,
      next: 'It now shows in the lists and the search; your sales will appear in your author space.',
    },
    changes_requested: {
      subject: (t) => `Changes are requested for ${t}`,
      lead: (t) => `The editorial team has reviewed ${t} and asks for changes before publication.`,
      next: 'Make them from your author space, then submit a new version: the previous ones stay visible.',
    },
    rejected: {
      subject: (t) => `${t} is not accepted`,
      lead: (t) => `After review, the editorial team does not accept ${t} for publication.`,
      next: 'You may propose another document at any time from your author space.',
    },
    unpublished: {
      subject: (t) => `${t} is no longer published`,
      lead: (t) => `${t} has been removed from the catalogue.`,
      next: 'Customers who already bought it keep their downloads.',
    },
    report_upheld: {
      subject: (t) => `${t} was removed after a report`,
      lead: (t) =>
        `A report about ${t} was reviewed and upheld: the document has been removed from the catalogue.`,
      next: 'For any question, reply to this message or write to us from the contact page.',
    },
  },
};

const copies: { [T in MailTemplate]: (data: MailTemplates[T], lng: Language) => Copy } = {
  welcome: (d, lng) =>
    lng === 'fr'
      ? {
          subject: 'Bienvenue sur HLS',
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            d.role === 'author'
              ? 'Votre compte auteur est créé. Vous pouvez maintenant proposer vos livres et fichiers.'
              : 'Votre compte est créé. Vous pouvez dès maintenant parcourir le catalogue.',
            `Confirmez votre adresse e-mail avec ce lien (valable ${lifetime(d.validFor, 'fr')}, une seule fois)\u202f: vous pourrez ensuite commander.`,
            'Si vous n’avez pas créé ce compte, ignorez ce message.',
          ],
          action: { label: 'Confirmer mon adresse e-mail', url: d.confirmUrl },
        }
      : {
          subject: 'Welcome to HLS',
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            d.role === 'author'
              ? 'Your author account is ready. You can now propose your books and files.'
              : 'Your account is ready. You can browse the catalogue right away.',
            `Confirm your e-mail address with this link (valid for ${lifetime(d.validFor, 'en')}, once): you can then order.`,
            'If you did not create this account, ignore this message.',
          ],
          action: { label: 'Confirm my e-mail address', url: d.confirmUrl },
        },
  email_confirmation: (d, lng) =>
    lng === 'fr'
      ? {
          subject: 'Confirmez votre adresse e-mail',
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            `Pour confirmer votre adresse e-mail, ouvrez ce lien (valable ${lifetime(d.validFor, 'fr')}, une seule fois)\u202f: vous pourrez ensuite commander.`,
            'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
          ],
          action: { label: 'Confirmer mon adresse e-mail', url: d.link },
        }
      : {
          subject: 'Confirm your e-mail address',
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            `To confirm your e-mail address, open this link (valid for ${lifetime(d.validFor, 'en')}, once): you can then order.`,
            'If you did not ask for this, ignore this message.',
          ],
          action: { label: 'Confirm my e-mail address', url: d.link },
        },
  email_change_confirm: (d, lng) =>
    lng === 'fr'
      ? {
          subject: 'Confirmez votre nouvelle adresse e-mail',
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            `Vous avez demandé que votre compte HLS utilise désormais l’adresse ${d.newEmail}. Le changement se fera quand vous ouvrirez ce lien (valable ${lifetime(d.validFor, 'fr')}, une seule fois)\u202f; vous vous reconnecterez alors avec cette adresse.`,
            'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u202f: rien ne changera.',
          ],
          action: { label: 'Confirmer ma nouvelle adresse', url: d.link },
        }
      : {
          subject: 'Confirm your new e-mail address',
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            `You asked for your HLS account to use the address ${d.newEmail} from now on. The change takes effect when you open this link (valid for ${lifetime(d.validFor, 'en')}, once); you then log in again with this address.`,
            'If you did not ask for this, ignore this message: nothing will change.',
          ],
          action: { label: 'Confirm my new address', url: d.link },
        },
  email_change_notice: (d, lng) => {
    const requested = d.stage === 'requested';
    return lng === 'fr'
      ? {
          subject: requested
            ? 'Demande de changement de votre adresse e-mail'
            : 'Votre adresse e-mail a été changée',
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            requested
              ? `Quelqu’un connecté à votre compte HLS, avec son mot de passe, a demandé à remplacer cette adresse par ${d.newEmail}. Le changement se fera quand le lien envoyé à cette nouvelle adresse sera ouvert.`
              : `Votre compte HLS utilise désormais l’adresse ${d.newEmail}\u202f: cette adresse-ci n’y est plus liée, et toutes les sessions ont été fermées.`,
            'Si c’est bien vous, il n’y a rien à faire.',
            `Si ce n’est pas vous, signalez-le avec ce lien (valable ${lifetime(d.validFor, 'fr')})\u202f: ${requested ? 'le changement sera annulé' : 'votre adresse sera rétablie'}, toutes les sessions seront fermées, et vous pourrez choisir un nouveau mot de passe.`,
          ],
          action: { label: 'Ce n’est pas moi', url: d.reportUrl },
        }
      : {
          subject: requested
            ? 'A change of your e-mail address was asked for'
            : 'Your e-mail address was changed',
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            requested
              ? `Someone logged in to your HLS account, with its password, asked to replace this address with ${d.newEmail}. The change takes effect when the link sent to that new address is opened.`
              : `Your HLS account now uses the address ${d.newEmail}: this address is no longer linked to it, and every session was closed.`,
            'If it was you, there is nothing to do.',
            `If it was not you, report it with this link (valid for ${lifetime(d.validFor, 'en')}): ${requested ? 'the change will be cancelled' : 'your address will be put back'}, every session will be closed, and you can choose a new password.`,
          ],
          action: { label: 'It was not me', url: d.reportUrl },
        };
  },
  password_reset: (d, lng) =>
    lng === 'fr'
      ? {
          subject: 'Réinitialisation de votre mot de passe',
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            `Pour choisir un nouveau mot de passe, ouvrez ce lien (valable ${d.validMinutes} minutes, une seule fois).`,
            'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u202f: votre mot de passe reste inchangé.',
          ],
          action: { label: 'Choisir un nouveau mot de passe', url: d.link },
        }
      : {
          subject: 'Reset your password',
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            `To choose a new password, open this link (valid for ${d.validMinutes} minutes, once).`,
            'If you did not ask for this, ignore this message: your password stays unchanged.',
          ],
          action: { label: 'Choose a new password', url: d.link },
        },
  password_reset_unknown: (d, lng) =>
    lng === 'fr'
      ? {
          subject: 'Demande de réinitialisation de mot de passe',
          greeting: 'Bonjour,',
          paragraphs: [
            `Quelqu’un a demandé à réinitialiser le mot de passe d’un compte HLS pour l’adresse ${d.email}, mais aucun compte ne l’utilise.`,
            'Si c’était vous, vous vous êtes peut-être inscrit avec une autre adresse\u202f: essayez-la. Vous pouvez aussi créer un compte avec celle-ci.',
            'Si ce n’était pas vous, ignorez ce message.',
          ],
          action: { label: 'Créer un compte', url: d.registerUrl },
        }
      : {
          subject: 'Password reset request',
          greeting: 'Hello,',
          paragraphs: [
            `Someone asked to reset the password of an HLS account for the address ${d.email}, but no account uses it.`,
            'If it was you, you may have signed up with another address: try that one. You can also create an account with this one.',
            'If it was not you, ignore this message.',
          ],
          action: { label: 'Create an account', url: d.registerUrl },
        },
  password_changed: (d, lng) =>
    lng === 'fr'
      ? {
          subject: 'Votre mot de passe a été modifié',
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            'Le mot de passe de votre compte HLS vient d’être modifié et vos sessions ont été fermées.',
            'Si vous n’êtes pas à l’origine de ce changement, réinitialisez votre mot de passe immédiatement.',
          ],
          action: { label: 'Réinitialiser le mot de passe', url: d.resetUrl },
        }
      : {
          subject: 'Your password was changed',
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            'The password of your HLS account was just changed and your sessions were closed.',
            'If you did not make this change, reset your password now.',
          ],
          action: { label: 'Reset your password', url: d.resetUrl },
        },
  contact_team: (d, lng) =>
    lng === 'fr'
      ? {
          subject: `[Contact] ${d.subject}`,
          greeting: 'Bonjour,',
          paragraphs: [
            `Nouveau message du formulaire de contact (réf. ${d.reference}).`,
            `De\u202f: ${d.name} <${d.email}> — langue\u202f: ${d.language === 'fr' ? 'français' : 'anglais'}`,
            `Objet\u202f: ${d.subject}`,
            quote(d.message),
            `Répondez directement à ${d.email}.`,
          ],
        }
      : {
          subject: `[Contact] ${d.subject}`,
          greeting: 'Hello,',
          paragraphs: [
            `New message from the contact form (ref. ${d.reference}).`,
            `From: ${d.name} <${d.email}> — language: ${d.language === 'fr' ? 'French' : 'English'}`,
            `Subject: ${d.subject}`,
            quote(d.message),
            `Reply directly to ${d.email}.`,
          ],
        },
  contact_ack: (d, lng) =>
    lng === 'fr'
      ? {
          subject: 'Nous avons bien reçu votre message',
          greeting: 'Bonjour,',
          paragraphs: [
            `Votre message, envoyé depuis votre compte, a bien été reçu (réf. ${d.reference}). Notre équipe vous répondra sous deux jours ouvrés.`,
          ],
        }
      : {
          subject: 'We have received your message',
          greeting: 'Hello,',
          paragraphs: [
            `Your message, sent from your account, has been received (ref. ${d.reference}). Our team will reply within two working days.`,
          ],
        },
  order_confirmation: (d, lng) => {
    const l = orderWords[lng];
    const fr = lng === 'fr';
    const totals: string[][] = [
      [l.subtotal, money(d.subtotalCents, lng)],
      ...(d.discountCents > 0 ? [[l.discount, `− ${money(d.discountCents, lng)}`]] : []),
      [l.delivery, l.included],
      [l.total, money(d.totalCents, lng)],
      ...(d.vatCents !== null ? [[l.vat, money(d.vatCents, lng)]] : []),
    ];
    return {
      subject: fr
        ? `Confirmation de votre commande ${d.orderNumber}`
        : `Your order ${d.orderNumber} is confirmed`,
      greeting: `${l.hello} ${d.firstName},`,
      paragraphs: [
        fr
          ? `Merci pour votre commande ${d.orderNumber}, payée le ${dateTime(d.paidAt, lng)}. Votre reçu est joint à ce message (PDF).`
          : `Thank you for your order ${d.orderNumber}, paid on ${dateTime(d.paidAt, lng)}. Your receipt is attached to this message (PDF).`,
        {
          table: {
            head: [l.item, l.quantity, l.unitPrice, l.amount],
            rows: d.lines.map((line) => [
              `${line.title} (${l.formats[line.format]})`,
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
              fr
                ? `Contenus numériques — votre consentement, enregistré le ${dateTime(d.consent.at, lng)}\u202f:`
                : `Digital content — your consent, recorded on ${dateTime(d.consent.at, lng)}:`,
              { lines: [`✓ ${d.consent.immediateDelivery}`, `✓ ${d.consent.withdrawalWaiver}`] },
            ]
          : []),
        ...(d.address
          ? [
              fr ? 'Adresse de livraison\u202f:' : 'Delivery address:',
              { lines: addressLines(d.address, lng) },
            ]
          : []),
        ...(d.downloadsUrl
          ? [
              {
                link: { label: fr ? 'Télécharger vos fichiers' : 'Download your files', url: d.downloadsUrl },
              },
            ]
          : []),
        {
          lines: [
            d.company.name,
            d.company.address,
            ...(d.company.vatNumber ? [`${l.vatNumber} ${d.company.vatNumber}`] : []),
          ],
        },
      ],
      action: { label: fr ? 'Voir la commande' : 'View the order', url: d.orderUrl },
    };
  },
  order_shipped: (d, lng) =>
    lng === 'fr'
      ? {
          subject: `Votre commande ${d.orderNumber} est expédiée`,
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            `Votre commande ${d.orderNumber} a quitté notre centre de Tunis.`,
            { lines: [`Transporteur\u202f: ${d.carrier}`, `Numéro de suivi\u202f: ${d.trackingNumber}`] },
            ...(d.trackingUrl ? [{ link: { label: 'Suivre le colis', url: d.trackingUrl } }] : []),
          ],
          action: { label: 'Voir la commande', url: d.orderUrl },
        }
      : {
          subject: `Your order ${d.orderNumber} has shipped`,
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            `Your order ${d.orderNumber} has left our centre in Tunis.`,
            { lines: [`Carrier: ${d.carrier}`, `Tracking number: ${d.trackingNumber}`] },
            ...(d.trackingUrl ? [{ link: { label: 'Track the parcel', url: d.trackingUrl } }] : []),
          ],
          action: { label: 'View the order', url: d.orderUrl },
        },
  order_delivered: (d, lng) =>
    lng === 'fr'
      ? {
          subject: `Votre commande ${d.orderNumber} est livrée`,
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            `Votre commande ${d.orderNumber} a été livrée. Bonne lecture\u202f!`,
            ...(d.withdrawalDeadline
              ? [
                  `Vous pouvez vous rétracter jusqu’au ${dateTime(d.withdrawalDeadline, 'fr')}, sans donner de motif, avec le bouton «\u202fSe rétracter du contrat ici\u202f» de la commande.`,
                ]
              : []),
          ],
          action: { label: 'Voir la commande', url: d.orderUrl },
        }
      : {
          subject: `Your order ${d.orderNumber} has been delivered`,
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            `Your order ${d.orderNumber} has been delivered. Enjoy your reading!`,
            ...(d.withdrawalDeadline
              ? [
                  `You may withdraw until ${dateTime(d.withdrawalDeadline, 'en')}, without giving any reason, with the “Withdraw from contract here” button of the order.`,
                ]
              : []),
          ],
          action: { label: 'View the order', url: d.orderUrl },
        },
  order_refunded: (d, lng) =>
    lng === 'fr'
      ? {
          subject: `Remboursement de votre commande ${d.orderNumber}`,
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            `Nous avons remboursé ${money(d.amountCents, 'fr')} sur votre commande ${d.orderNumber}, sur la carte utilisée pour le paiement. Le montant apparaît sur votre compte sous 5 à 10 jours selon votre banque.`,
            ...(d.lines.length
              ? ['Articles remboursés\u202f:', { lines: d.lines.map((line) => `• ${line.title}`) }]
              : []),
            'Les téléchargements des articles remboursés ne sont plus disponibles.',
          ],
          action: { label: 'Voir la commande', url: d.orderUrl },
        }
      : {
          subject: `Refund of your order ${d.orderNumber}`,
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            `We have refunded ${money(d.amountCents, 'en')} of your order ${d.orderNumber} to the card you paid with. It shows on your account within 5 to 10 days depending on your bank.`,
            ...(d.lines.length
              ? ['Refunded items:', { lines: d.lines.map((line) => `• ${line.title}`) }]
              : []),
            'Downloads of the refunded items are no longer available.',
          ],
          action: { label: 'View the order', url: d.orderUrl },
        },
  withdrawal_ack: (d, lng) =>
    lng === 'fr'
      ? {
          subject: `Rétractation de votre commande ${d.orderNumber} enregistrée`,
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            `Nous accusons réception de votre rétractation de la commande ${d.orderNumber}, reçue le ${dateTime(d.requestedAt, 'fr')}. Elle porte sur\u202f:`,
            { lines: d.lines.map((line) => `• ${line.title} × ${line.quantity}`) },
            'Renvoyez ces articles dans les 14 jours à l’adresse suivante\u202f:',
            { lines: d.returnAddress.split(/\r?\n|,\s*/) },
            'Nous vous rembourserons, sur la carte utilisée pour le paiement, dès réception des articles.',
          ],
          action: { label: 'Voir la commande', url: d.orderUrl },
        }
      : {
          subject: `Withdrawal from your order ${d.orderNumber} received`,
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            `We acknowledge your withdrawal from order ${d.orderNumber}, received on ${dateTime(d.requestedAt, 'en')}. It covers:`,
            { lines: d.lines.map((line) => `• ${line.title} × ${line.quantity}`) },
            'Please send these items back within 14 days to:',
            { lines: d.returnAddress.split(/\r?\n|,\s*/) },
            'We will refund you, to the card you paid with, as soon as we receive them.',
          ],
          action: { label: 'View the order', url: d.orderUrl },
        },
  download_links: (d, lng) =>
    lng === 'fr'
      ? {
          subject: 'Vos liens de téléchargement',
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            'Voici de nouveaux liens pour télécharger vos fichiers. Chaque lien est personnel\u202f; il expire à l’heure indiquée.',
            ...d.links.map((link) => ({
              link: {
                label: `${link.title} (valable jusqu’au ${dateTime(link.expiresAt, 'fr')})`,
                url: link.url,
              },
            })),
            'Après leur expiration, retrouvez vos fichiers à tout moment dans votre espace de téléchargement.',
          ],
          action: { label: 'Mes téléchargements', url: d.downloadsUrl },
        }
      : {
          subject: 'Your download links',
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            'Here are fresh links to download your files. Each link is personal and expires at the time shown.',
            ...d.links.map((link) => ({
              link: { label: `${link.title} (valid until ${dateTime(link.expiresAt, 'en')})`, url: link.url },
            })),
            'Once they expire, your files stay available in your downloads.',
          ],
          action: { label: 'My downloads', url: d.downloadsUrl },
        },
  editorial_decision: (d, lng) => {
    const words = decisionWords[lng][d.decision];
    const fr = lng === 'fr';
    const title = fr ? `«\u202f${d.title}\u202f»` : `“${d.title}”`;
    return {
      subject: words.subject(title),
      greeting: fr ? `Bonjour ${d.firstName},` : `Hello ${d.firstName},`,
      paragraphs: [
        words.lead(d.version === null ? title : `${title} (version ${d.version})`),
        fr ? 'Le commentaire de l’équipe éditoriale\u202f:' : 'The editorial team’s comment:',
        quote(d.comment),
        words.next,
        ...(d.productUrl
          ? [{ link: { label: fr ? 'Voir la page du produit' : 'See the product page', url: d.productUrl } }]
          : []),
      ],
      action: { label: fr ? 'Voir ma proposition' : 'View my proposal', url: d.submissionUrl },
    };
  },
  bank_details_changed: (d, lng) => {
    const when = dateTime(d.at, lng);
    const account = (labels: [string, string, string, string]) => ({
      lines: [
        `${labels[0]}${d.holder}`,
        `${labels[1]}${d.ibanMasked}`,
        `${labels[2]}${d.bic}`,
        `${labels[3]}${d.bankName}`,
      ],
    });
    return lng === 'fr'
      ? {
          subject:
            d.change === 'created'
              ? 'Vos coordonnées bancaires ont été enregistrées'
              : 'Vos coordonnées bancaires ont été modifiées',
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            `Les coordonnées bancaires de votre compte auteur HLS ont été ${d.change === 'created' ? 'enregistrées' : 'modifiées'} le ${when}. Vos prochains versements de droits d’auteur iront sur ce compte\u202f:`,
            account(['Titulaire : ', 'IBAN : ', 'BIC : ', 'Banque : ']),
            `Si vous n’êtes pas à l’origine de ce changement, réinitialisez votre mot de passe immédiatement et écrivez-nous sans attendre à ${d.contactEmail}, avant le prochain versement.`,
            { link: { label: 'Réinitialiser le mot de passe', url: d.resetUrl } },
          ],
          action: { label: 'Voir mes coordonnées bancaires', url: d.pageUrl },
        }
      : {
          subject: d.change === 'created' ? 'Your bank details were saved' : 'Your bank details were changed',
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            `The bank details of your HLS author account were ${d.change === 'created' ? 'saved' : 'changed'} on ${when}. Your next royalty payouts will go to this account:`,
            account(['Holder: ', 'IBAN: ', 'BIC: ', 'Bank: ']),
            `If you did not make this change, reset your password now and write to us at ${d.contactEmail} before the next payout.`,
            { link: { label: 'Reset your password', url: d.resetUrl } },
          ],
          action: { label: 'See my bank details', url: d.pageUrl },
        };
  },
  royalty_payout: (d, lng) => {
    const day = new Intl.DateTimeFormat(locales[lng], { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${d.executionDate}T00:00:00Z`),
    );
    return lng === 'fr'
      ? {
          subject: `Versement de vos droits d’auteur\u202f: ${money(d.amountCents, 'fr')}`,
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            `Nous vous versons ${money(d.amountCents, 'fr')} de droits d’auteur par virement SEPA demandé pour le ${day}\u202f:`,
            {
              lines: [
                `Montant\u202f: ${money(d.amountCents, 'fr')}`,
                `Référence\u202f: ${d.reference}`,
                `Compte\u202f: ${d.ibanMasked}`,
              ],
            },
            'Le virement apparaît sur votre compte sous cette référence, en général un à deux jours ouvrés après cette date. Le détail des ventes réglées est dans votre espace.',
          ],
          action: { label: 'Voir mes paiements', url: d.pageUrl },
        }
      : {
          subject: `Your royalty payout: ${money(d.amountCents, 'en')}`,
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            `We are paying you ${money(d.amountCents, 'en')} in royalties by a SEPA transfer requested for ${day}:`,
            {
              lines: [
                `Amount: ${money(d.amountCents, 'en')}`,
                `Reference: ${d.reference}`,
                `Account: ${d.ibanMasked}`,
              ],
            },
            'The transfer shows on your account under this reference, usually one or two business days after that date. The sales it settles are listed in your space.',
          ],
          action: { label: 'See my payments', url: d.pageUrl },
        };
  },
};

/** Columns padded to their widest cell, numbers aligned right. */
function textTable(table: Table): string {
  const all = [...(table.head ? [table.head] : []), ...table.rows, ...(table.foot ?? [])];
  const widths = all[0]!.map((_, column) => Math.max(...all.map((row) => [...(row[column] ?? '')].length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => {
        const pad = ' '.repeat(widths[column]! - [...cell].length);
        return table.numeric.includes(column) ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [
    ...(table.head ? [line(table.head), rule] : []),
    ...table.rows.map(line),
    ...(table.foot ? [rule, ...table.foot.map(line)] : []),
  ].join('\n');
}

function textPart(part: Part, language: Language): string {
  if (typeof part === 'string') return part;
  if ('lines' in part) return part.lines.join('\n');
  if ('table' in part) return textTable(part.table);
  return `${part.link.label}${colon[language]}${part.link.url}`;
}

function htmlTable(table: Table): string {
  const cell = (tag: 'td' | 'th', value: string, column: number, extra = '') =>
    `<${tag} style="padding:4px 8px;text-align:${table.numeric.includes(column) ? 'right' : 'left'};${extra}">${escapeHtml(value)}</${tag}>`;
  return `<table style="border-collapse:collapse;width:100%;font-size:14px">
${table.head ? `<thead><tr>${table.head.map((h, i) => cell('th', h, i, 'border-bottom:1px solid #cbd2d9')).join('')}</tr></thead>` : ''}
<tbody>${table.rows.map((row) => `<tr>${row.map((c, i) => cell('td', c, i)).join('')}</tr>`).join('\n')}</tbody>
${
  table.foot
    ? `<tfoot>${table.foot
        .map(
          (row, r) =>
            `<tr>${row.map((c, i) => cell('td', c, i, r === 0 ? 'border-top:1px solid #cbd2d9' : '')).join('')}</tr>`,
        )
        .join('')}</tfoot>`
    : ''
}
</table>`;
}

function htmlPart(part: Part): string {
  if (typeof part === 'string') return `<p>${escapeHtml(part)}</p>`;
  if ('lines' in part) return `<p>${part.lines.map(escapeHtml).join('<br>')}</p>`;
  if ('table' in part) return htmlTable(part.table);
  return `<p><a href="${escapeHtml(part.link.url)}">${escapeHtml(part.link.label)}</a></p>`;
}

export function renderMail<T extends MailTemplate>(
  template: T,
  language: Language,
  data: MailTemplates[T],
): RenderedMail {
  const copy = copies[template](data, language);
  const text = [
    copy.greeting,
    '',
    ...copy.paragraphs.flatMap((p) => [textPart(p, language), '']),
    ...(copy.action ? [`${copy.action.label}${colon[language]}${copy.action.url}`, ''] : []),
    signature[language],
  ].join('\n');
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(copy.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(copy.greeting)}</p>
${copy.paragraphs.map(htmlPart).join('\n')}
${
  copy.action
    ? `<p><a href="${escapeHtml(copy.action.url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(copy.action.label)}</a></p>
<p style="font-size:13px;color:#52606d">${escapeHtml(copy.action.url)}</p>`
    : ''
}
<p>${escapeHtml(signature[language])}</p>
</body></html>`;
  return { subject: copy.subject, text, html };
}
