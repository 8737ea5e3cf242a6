import { describe, expect, it } from 'vitest';
import type { Language } from '@hls/contract';
import { frenchTypographyFaults } from '@hls/contract/french-typography';
import { readNamespace } from '@hls/locales';
import { orderConfirmationData } from './mail-fixtures.ts';
import { renderMail, type MailTemplate, type MailTemplates } from './mail-templates.ts';

const bankDetailsChanged = (
  overrides: Partial<MailTemplates['bank_details_changed']> = {},
): MailTemplates['bank_details_changed'] => ({
  firstName: 'Ali',
  change: 'updated',
  at: '2026-11-22T16:54:10.000Z',
  holder: 'Ali Ben Salah',
  ibanMasked: 'FR76 •••• •••• 0189',
  bic: 'BNPAFRPPXXX',
  bankName: 'BNP Paribas',
  pageUrl: 'http://shop.test/author-payment',
  resetUrl: 'http://shop.test/login-register',
  contactEmail: 'auteurs@hls.test',
  ...overrides,
});

/** One sample of every template, as the modules queue them. */
const samples = [
  [
    'welcome',
    { firstName: 'Ali', role: 'customer', confirmUrl: 'http://x/email/confirm/abc', validFor: 86400 },
  ],
  ['email_confirmation', { firstName: 'Ali', link: 'http://x/email/confirm/abc', validFor: 86400 }],
  [
    'email_change_confirm',
    { firstName: 'Ali', newEmail: 'ali@new.test', link: 'http://x/email/confirm/abc', validFor: 86400 },
  ],
  ...(['requested', 'done'] as const).map(
    (stage) =>
      [
        'email_change_notice',
        {
          firstName: 'Ali',
          stage,
          newEmail: 'ali@new.test',
          reportUrl: 'http://x/email/report/def',
          validFor: 7 * 86400,
        },
      ] as const,
  ),
  ['password_reset', { firstName: 'Ali', link: 'http://x/password/reset/confirm/abc', validMinutes: 60 }],
  ['password_changed', { firstName: 'Ali', resetUrl: 'http://x/login-register' }],
  ['order_confirmation', orderConfirmationData({ firstName: 'Ali' })],
  [
    'order_shipped',
    {
      firstName: 'Ali',
      orderNumber: 'HLS-2026-000001',
      orderUrl: 'http://x/o',
      carrier: 'La Poste',
      trackingNumber: 'LP123456789FR',
      trackingUrl: 'https://track.example/LP123456789FR',
    },
  ],
  [
    'order_delivered',
    {
      firstName: 'Ali',
      orderNumber: 'HLS-2026-000001',
      orderUrl: 'http://x/o',
      withdrawalDeadline: '2026-12-06T10:00:00.000Z',
    },
  ],
  [
    'order_refunded',
    {
      firstName: 'Ali',
      orderNumber: 'HLS-2026-000001',
      orderUrl: 'http://x/o',
      amountCents: 1250,
      lines: [{ title: 'Comptabilité générale' }],
      creditNote: {
        id: '00000000-0000-4000-8000-000000000001',
        kind: 'credit_note',
        number: 'CN-2026-000001',
        issuedAt: '2026-11-23T10:00:00.000Z',
        language: 'fr',
        orderNumber: 'HLS-2026-000001',
        creditsNumber: 'INV-2026-000001',
        seller: { name: 'HLS Ltd', address: 'London', vatNumber: 'GB1', ossNumber: 'EU1', iossNumber: 'IM1' },
        buyer: { name: 'Ali', email: 'ali@example.com', country: 'FR', vatNumber: null, address: null },
        lines: [],
        netCents: -1185,
        vatCents: -65,
        totalCents: -1250,
        reverseCharge: false,
      },
    },
  ],
  [
    'withdrawal_ack',
    {
      firstName: 'Ali',
      orderNumber: 'HLS-2026-000001',
      orderUrl: 'http://x/o',
      requestedAt: '2026-12-01T09:30:00.000Z',
      lines: [{ title: 'Le Petit Prince', quantity: 2 }],
      returnAddress: 'HLS – retours\n12 avenue Habib Bourguiba\n1000 Tunis',
    },
  ],
  [
    'new_version',
    {
      firstName: 'Ali',
      title: 'Budget prévisionnel',
      version: 2,
      publishedAt: '2026-12-01T09:30:00.000Z',
      note: 'Les formules de TVA sont corrigées.',
      downloadsUrl: 'http://x/download',
      optOutUrl: 'http://x/email/versions-off/t',
    },
  ],
  [
    'download_links',
    {
      firstName: 'Ali',
      downloadsUrl: 'http://x/download',
      links: [
        {
          title: 'Budget.xlsx',
          url: 'http://x/api/category/download/t',
          expiresAt: '2026-12-01T09:30:00.000Z',
        },
      ],
    },
  ],
  ...(['published', 'changes_requested', 'rejected', 'unpublished', 'report_upheld'] as const).map(
    (decision) =>
      [
        'editorial_decision',
        {
          firstName: 'Ali',
          title: 'Rapport de stage',
          decision,
          comment: 'Merci.\nLa bibliographie manque.',
          version: decision === 'unpublished' ? null : 2,
          submissionUrl: 'http://x/author-product?id=1',
          productUrl: decision === 'published' ? 'http://x/prodoc/3' : null,
        },
      ] as const,
  ),
  ...(['created', 'updated'] as const).map(
    (change) => ['bank_details_changed', bankDetailsChanged({ change })] as const,
  ),
  [
    'author_proposal_received',
    {
      firstName: 'Ali',
      title: 'Rapport de stage',
      version: 2,
      submittedAt: '2026-11-22T16:55:43.000Z',
      submissionUrl: 'http://x/author-product?id=1',
    },
  ],
  [
    'author_sale',
    {
      firstName: 'Ali',
      paidAt: '2026-11-22T16:55:43.000Z',
      lines: [
        { title: 'Le Petit Prince', format: 'paper', quantity: 2, royaltyCents: 398 },
        { title: 'Comptabilité', format: 'ebook', quantity: 1, royaltyCents: 250 },
      ],
      royaltyCents: 648,
      pageUrl: 'http://x/author-payment',
      preferencesUrl: 'http://x/my-account#email-preferences',
    },
  ],
  [
    'author_sales_digest',
    {
      firstName: 'Ali',
      day: '2026-11-22',
      lines: [{ title: 'Le Petit Prince', format: 'paper', quantity: 3, royaltyCents: 597 }],
      royaltyCents: 597,
      pageUrl: 'http://x/author-payment',
      preferencesUrl: 'http://x/my-account#email-preferences',
    },
  ],
  [
    'author_review_published',
    {
      firstName: 'Ali',
      title: 'Le Petit Prince',
      rating: 4,
      productUrl: 'http://x/product/3',
      preferencesUrl: 'http://x/my-account#email-preferences',
    },
  ],
  ['stock_back', { firstName: 'Ali', title: 'Le Petit Prince', productUrl: 'http://x/book/3' }],
] as const satisfies readonly (readonly [MailTemplate, unknown])[];

/** The templates that greet no first name or repeat the sender's subject. */
const otherSamples = [
  ['password_reset_unknown', { email: 'ali@example.test', registerUrl: 'http://x/login-register' }],
  [
    'contact_team',
    {
      name: 'Ali',
      email: 'ali@example.test',
      subject: 'Livraison',
      message: 'Bonjour,\nmon colis est-il parti\u202f?',
      language: 'fr',
      reference: 'C-42',
    },
  ],
  ['contact_ack', { reference: '5b0c7f1e-8a52-4f0e-9d7b-2a1f3c4d5e6f' }],
  [
    'royalty_payout',
    {
      firstName: 'Ali',
      amountCents: 1234567,
      reference: 'HLS-PO-2026-000012',
      executionDate: '2026-12-01',
      ibanMasked: 'FR76 •••• •••• 0189',
      pageUrl: 'http://x/author-payment',
    },
  ],
] as const satisfies readonly (readonly [MailTemplate, unknown])[];

/** Fails the type check when a template has no sample, so the French typography test sees every template. */
type Unsampled = Exclude<MailTemplate, (typeof samples)[number][0] | (typeof otherSamples)[number][0]>;
const everyTemplateSampled: [Unsampled] extends [never] ? true : Unsampled = true;

/** The branches the samples above leave out, so that every word of the namespace is shown by some sample. */
const branchSamples = [
  [
    'author_sale',
    {
      firstName: 'Ali',
      paidAt: '2026-11-22T16:55:43.000Z',
      lines: [{ title: 'Le Petit Prince', format: 'file', quantity: 1, royaltyCents: null }],
      royaltyCents: 0,
      pageUrl: 'http://x/author-payment',
      preferencesUrl: 'http://x/my-account#email-preferences',
    },
  ],
  [
    'welcome',
    { firstName: 'Ali', role: 'author', confirmUrl: 'http://x/email/confirm/abc', validFor: 86400 },
  ],
  [
    'contact_team',
    {
      name: 'Ali',
      email: 'ali@example.test',
      subject: 'Delivery',
      message: 'Hello',
      language: 'en',
      reference: 'C-43',
    },
  ],
] as const satisfies readonly (readonly [MailTemplate, unknown])[];

const everySample = [...samples, ...otherSamples, ...branchSamples];
const render = (sample: (typeof everySample)[number], lng: Language) =>
  renderMail(sample[0], lng, sample[1] as MailTemplates[(typeof sample)[0]] as never);

/** Every string of the `mail` namespace with its dotted key. */
function leaves(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  return Object.entries(tree as object).flatMap(([key, value]) =>
    leaves(value, prefix ? `${prefix}.${key}` : key),
  );
}

describe('the mail namespace', () => {
  const words = { fr: readNamespace('fr', 'mail'), en: readNamespace('en', 'mail') };

  it('has every key in both languages, and a group of keys for every template', () => {
    const keys = (lng: Language) => leaves(words[lng]).map(([key]) => key);
    expect(keys('fr')).toEqual(keys('en'));
    const templates = [...new Set(everySample.map(([template]) => template))].sort();
    const groups = Object.keys(words.en).filter((key) => typeof words.en[key] === 'object');
    expect(groups.sort()).toEqual(templates);
  });

  it('has no word that no mail shows, in French or English', () => {
    for (const lng of ['fr', 'en'] as const) {
      const shown = everySample.map((sample) => {
        const mail = render(sample, lng);
        return `${mail.subject}\n${mail.text}`;
      });
      const unseen = leaves(words[lng]).filter(([, text]) =>
        text
          .split(/\{\{\s*[\w.]+\s*\}\}/)
          .filter(Boolean)
          .some((fragment) => !shown.some((mail) => mail.includes(fragment))),
      );
      expect(unseen.map(([key]) => `${lng}:${key}`)).toEqual([]);
    }
  });
});

describe('mail templates', () => {
  it('renders every template in French and English with text and HTML', () => {
    for (const [template, data] of samples) {
      const fr = renderMail(template, 'fr', data as MailTemplates[typeof template] as never);
      const en = renderMail(template, 'en', data as MailTemplates[typeof template] as never);
      expect(fr.subject, template).not.toBe(en.subject);
      expect(fr.text).toContain('Bonjour Ali');
      expect(en.text).toContain('Hello Ali');
      expect(en.html).toContain('<html lang="en">');
    }
    for (const sample of everySample)
      for (const lng of ['fr', 'en'] as const) {
        const mail = render(sample, lng);
        expect([mail.subject, mail.text, mail.html].join('\n'), `${sample[0]} (${lng})`).not.toMatch(
          /\{\{|\}\}/,
        );
      }
  });

  it('writes every French mail in French typography (subject and text)', () => {
    expect(everyTemplateSampled).toBe(true);
    const faults = [...samples, ...otherSamples].flatMap(([template, data]) => {
      const mail = renderMail(template, 'fr', data as MailTemplates[typeof template] as never);
      return [mail.subject, mail.text].flatMap((text) =>
        frenchTypographyFaults(text).map((fault) => `${template}: ${fault.rule} — “${fault.at}”`),
      );
    });
    expect(faults).toEqual([]);
  });

  it('escapes user-provided text in the HTML part', () => {
    const mail = renderMail('welcome', 'en', {
      firstName: '<script>x</script>',
      role: 'author',
      confirmUrl: 'http://x',
      validFor: 86400,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('author account');
  });

  it('welcomes a new account with the link confirming its address and how long it works', () => {
    const data = {
      firstName: 'Ali',
      role: 'customer',
      confirmUrl: 'http://shop.test/email/confirm/t0k',
      validFor: 86400,
    } as const;
    const fr = renderMail('welcome', 'fr', data);
    const en = renderMail('welcome', 'en', data);
    expect(fr.subject).toBe('Bienvenue sur HLS');
    expect(fr.text).toMatch(/valable 24\sheures, une seule fois\)\u202f: vous pourrez ensuite commander\./);
    expect(fr.text).toContain('Confirmer mon adresse e-mail\u202f: http://shop.test/email/confirm/t0k');
    expect(en.text).toMatch(/valid for 24\shours, once/);
    expect(en.html).toContain('href="http://shop.test/email/confirm/t0k"');
  });

  it('asks the new address of a change to confirm it, saying nothing changes otherwise', () => {
    const data = {
      firstName: 'Ali',
      newEmail: 'ali@new.test',
      link: 'http://shop.test/email/confirm/t0k',
      validFor: 86400,
    };
    const en = renderMail('email_change_confirm', 'en', data);
    expect(en.subject).toBe('Confirm your new e-mail address');
    expect(en.text).toContain('use the address ali@new.test');
    expect(en.text).toContain('Confirm my new address: http://shop.test/email/confirm/t0k');
    expect(en.text).toContain('nothing will change');
    const fr = renderMail('email_change_confirm', 'fr', data);
    expect(fr.text).toContain('l’adresse ali@new.test');
    expect(fr.text).toContain('rien ne changera');
  });

  it('tells the old address of a change, asked for or done, with the link to report it and its lifetime', () => {
    const notice = (stage: 'requested' | 'done', lng: 'fr' | 'en') =>
      renderMail('email_change_notice', lng, {
        firstName: 'Ali',
        stage,
        newEmail: 'ali@new.test',
        reportUrl: 'http://shop.test/email/report/r3p',
        validFor: 7 * 86400,
      });
    const requested = notice('requested', 'en');
    expect(requested.subject).toBe('A change of your e-mail address was asked for');
    expect(requested.text).toContain('replace this address with ali@new.test');
    expect(requested.text).toMatch(/valid for 7\sdays\): the change will be cancelled/);
    expect(requested.text).toContain('It was not me: http://shop.test/email/report/r3p');
    const done = notice('done', 'en');
    expect(done.subject).toBe('Your e-mail address was changed');
    expect(done.text).toContain('your address will be put back');
    const fr = notice('done', 'fr');
    expect(fr.subject).toBe('Votre adresse e-mail a été changée');
    expect(fr.text).toMatch(/\(valable 7\sjours\)\u202f: votre adresse sera rétablie/);
    expect(fr.text).toContain('Ce n’est pas moi\u202f: http://shop.test/email/report/r3p');
  });

  it('confirms an order with its lines, totals, VAT line, the consent record word for word, address and links', () => {
    const data = orderConfirmationData();
    const fr = renderMail('order_confirmation', 'fr', data);
    expect(fr.subject).toBe('Confirmation de votre commande HLS-2026-000042');
    for (const part of [fr.text, fr.html]) {
      expect(part).toContain('Comptabilité générale (livre numérique)');
      expect(part).toContain('Le Petit Prince (livre papier)');
      expect(part).toMatch(/39,80\s€/);
      expect(part).toMatch(/Total payé/);
      expect(part).toMatch(/52,30\s€/);
      expect(part).toMatch(/dont TVA/);
      expect(part).toMatch(/4,50\s€/);
      expect(part).toContain(data.consent!.immediateDelivery);
      expect(part).toContain(data.consent!.withdrawalWaiver);
      expect(part).toContain('22 novembre 2026 à 16:54:10 UTC');
      expect(part).toContain('Zoë Łukasz');
      expect(part).toContain('http://shop.test/download');
      expect(part).toContain('http://shop.test/customer-commande');
      expect(part).toContain('TN1234567');
    }
    expect(fr.html).toContain('<table');

    const en = renderMail('order_confirmation', 'en', {
      ...data,
      vatCents: null,
      consent: null,
      address: null,
      downloadsUrl: null,
    });
    expect(en.subject).toBe('Your order HLS-2026-000042 is confirmed');
    expect(en.text).not.toMatch(/of which VAT|consent|Delivery address|Download your files/);
    expect(en.text).toMatch(/€52\.30/);
  });

  it('speaks of delivery only on an order that holds paper books', () => {
    const withBooks = orderConfirmationData();
    for (const lng of ['fr', 'en'] as const) {
      const digitalOnly = renderMail('order_confirmation', lng, {
        ...withBooks,
        lines: [withBooks.lines[0]!],
        address: null,
      });
      expect(digitalOnly.text).toContain(withBooks.lines[0]!.title);
      expect(digitalOnly.text).not.toMatch(/Livraison|Delivery/);
      expect(digitalOnly.html).not.toMatch(/Livraison|Delivery/);
    }
    expect(renderMail('order_confirmation', 'en', withBooks).text).toMatch(/Delivery\s+included/);
  });

  it('states once, for paper books, the 14-day withdrawal, where the model form is and who pays the return', () => {
    const data = orderConfirmationData();
    const en = renderMail('order_confirmation', 'en', data);
    for (const part of [en.text, en.html]) {
      expect(part.match(/14 days from receiving them to withdraw/g)).toHaveLength(1);
      expect(part).toContain('http://shop.test/terms#terms-withdrawal-form');
      expect(part).toContain('Model withdrawal form');
      expect(part).toMatch(/back to our shipping centre in Tunis costs you nothing/);
      expect(part).toMatch(/HLS bears it/);
    }
    const fr = renderMail('order_confirmation', 'fr', data);
    expect(fr.text).toMatch(/14\sjours à compter de leur réception pour vous rétracter/);
    expect(fr.text).toContain('Modèle de formulaire de rétractation');
    expect(fr.text).toMatch(/frais de retour/);

    const digitalOnly = renderMail('order_confirmation', 'en', {
      ...data,
      lines: [data.lines[0]!],
      address: null,
      withdrawalFormUrl: null,
    });
    expect(digitalOnly.text).not.toMatch(/14 days|withdrawal form|return postage/);
  });

  it('tells a delivered order’s customer until when they may withdraw, and nothing of it once they have', () => {
    const delivered = (withdrawalDeadline: string | null) =>
      renderMail('order_delivered', 'en', {
        firstName: 'Ali',
        orderNumber: 'HLS-2026-000001',
        orderUrl: 'http://x/o',
        withdrawalDeadline,
      }).text;
    expect(delivered('2026-12-15T10:00:00.000Z')).toMatch(/You may withdraw until 15 December 2026/);
    expect(delivered(null)).not.toMatch(/withdraw/);
  });

  it('acknowledges a withdrawal with what and when, and where to send the books', () => {
    const mail = renderMail('withdrawal_ack', 'en', {
      firstName: 'Ali',
      orderNumber: 'HLS-2026-000001',
      orderUrl: 'http://x/o',
      requestedAt: '2026-12-01T09:30:00.000Z',
      lines: [{ title: 'Le Petit Prince', quantity: 2 }],
      returnAddress: 'HLS – returns\n1000 Tunis',
    });
    expect(mail.text).toContain('1 December 2026 at 09:30:00 UTC');
    expect(mail.text).toContain('Le Petit Prince × 2');
    expect(mail.text).toContain('HLS – returns\n1000 Tunis');
  });

  it('tells an author their bank details changed: when, the masked account, and what to do if it was not them', () => {
    const fr = renderMail('bank_details_changed', 'fr', bankDetailsChanged());
    expect(fr.subject).toBe('Vos coordonnées bancaires ont été modifiées');
    for (const part of [fr.text, fr.html]) {
      expect(part).toContain('22 novembre 2026 à 16:54:10 UTC');
      expect(part).toContain('IBAN\u202f: FR76 •••• •••• 0189');
      expect(part).toContain('Ali Ben Salah');
      expect(part).toContain('BNPAFRPPXXX');
      expect(part).toContain('auteurs@hls.test');
      expect(part).toContain('http://shop.test/login-register');
      expect(part).toContain('http://shop.test/author-payment');
    }
    expect(fr.text).toContain('n’êtes pas à l’origine de ce changement');
    expect(fr.text).not.toMatch(/ [:;!?]/);

    const en = renderMail('bank_details_changed', 'en', bankDetailsChanged({ change: 'created' }));
    expect(en.subject).toBe('Your bank details were saved');
    expect(en.text).toContain('IBAN: FR76 •••• •••• 0189');
    expect(en.text).toContain('If you did not make this change, reset your password now');
  });
});
