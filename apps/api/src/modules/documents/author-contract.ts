import type { Config } from '../../config.ts';
import { PdfWriter } from '../../lib/pdf/pdf-layout.ts';
import { colours, loadPdfLib } from '../../lib/pdf/load.ts';

export type ContractSettings = Pick<Config, 'site' | 'royaltyRates'>;

/** Bumped when the wording changes, so a cached copy is regenerated. */
export const CONTRACT_VERSION = 3;

export const CONTRACT_TITLE_FR = 'Contrat d’auteur';
export const CONTRACT_TITLE_EN = 'Author agreement';

type Article = { fr: { title: string; text: string[] }; en: { title: string; text: string[] } };

const rate = (value: number) => `${String(value).replace('.', ',')}\u00a0%`;
const rateEn = (value: number) => `${value}%`;

export function contractArticles({ site, royaltyRates: r }: ContractSettings): Article[] {
  const c = site.company;
  return [
    {
      fr: {
        title: 'Objet',
        text: [
          'Le présent contrat fixe les conditions dans lesquelles l’Auteur confie à l’Éditeur la publication et la vente, sur la plateforme HLS, de l’œuvre désignée ci-dessus (livre papier, livre numérique ou fichier professionnel).',
        ],
      },
      en: {
        title: 'Purpose',
        text: [
          'This agreement sets the terms on which the Author entrusts the Publisher with publishing and selling the work named above (paper book, ebook or professional file) on the HLS platform.',
        ],
      },
    },
    {
      fr: {
        title: 'Droits cédés',
        text: [
          'L’Auteur concède à l’Éditeur, pour le monde entier et pour la durée du contrat, le droit non exclusif de reproduire, diffuser, vendre et livrer l’œuvre sous les formats choisis, ainsi que d’en utiliser des extraits, la couverture et le nom de l’Auteur pour sa promotion.',
          'L’Auteur garantit qu’il est titulaire des droits sur l’œuvre, que celle-ci est originale et ne porte atteinte à aucun droit de tiers.',
        ],
      },
      en: {
        title: 'Rights granted',
        text: [
          "The Author grants the Publisher, worldwide and for the term of this agreement, the non-exclusive right to reproduce, distribute, sell and deliver the work in the chosen formats, and to use extracts, the cover and the Author's name to promote it.",
          'The Author warrants that they own the rights in the work, that it is original and that it infringes no third-party right.',
        ],
      },
    },
    {
      fr: {
        title: 'Examen éditorial',
        text: [
          'Chaque œuvre proposée est examinée par l’équipe éditoriale de l’Éditeur avant publication. L’Éditeur peut publier l’œuvre, demander des modifications motivées ou la refuser\u202f; l’Auteur est informé de chaque décision par courrier électronique et dans son espace auteur. L’Éditeur fixe le prix de vente public après échange avec l’Auteur.',
        ],
      },
      en: {
        title: 'Editorial review',
        text: [
          "Every work submitted is reviewed by the Publisher's editorial team before publication. The Publisher may publish the work, request reasoned changes or decline it; the Author is told of each decision by e-mail and in their author space. The Publisher sets the public selling price after consulting the Author.",
        ],
      },
    },
    {
      fr: {
        title: 'Redevances',
        text: [
          'En contrepartie, l’Éditeur verse à l’Auteur une redevance calculée sur les ventes nettes de l’œuvre, au taux suivant selon le format\u202f: livre papier ' +
            rate(r.paper) +
            ', livre numérique ' +
            rate(r.ebook) +
            ', fichier professionnel ' +
            rate(r.professionalFile) +
            '.',
          'Les ventes nettes s’entendent du prix effectivement payé par le client après remise, hors taxe sur la valeur ajoutée, déduction faite des remboursements. Les fichiers étudiants gratuits ne donnent lieu à aucune redevance.',
        ],
      },
      en: {
        title: 'Royalties',
        text: [
          'In return, the Publisher pays the Author a royalty on net sales of the work at the following rate per format: paper book ' +
            rateEn(r.paper) +
            ', ebook ' +
            rateEn(r.ebook) +
            ', professional file ' +
            rateEn(r.professionalFile) +
            '.',
          'Net sales means the price actually paid by the customer after discount, excluding value added tax, less refunds. Free student files earn no royalty.',
        ],
      },
    },
    {
      fr: {
        title: 'Paiement des redevances',
        text: [
          'Une vente n’est acquise qu’à réception du paiement du client\u202f; la redevance est alors inscrite au relevé de l’Auteur, consultable à tout moment dans son espace auteur. Les redevances sont versées chaque trimestre, dans les 30 jours suivant sa clôture, par virement sur le compte bancaire renseigné par l’Auteur, dès que le solde atteint 50\u00a0€. En dessous, il est reporté au trimestre suivant.',
        ],
      },
      en: {
        title: 'Payment of royalties',
        text: [
          "A sale is concluded only when the customer's payment is received; the royalty is then entered on the Author's statement, available at any time in their author space. Royalties are paid quarterly, within 30 days of the end of the quarter, by bank transfer to the account the Author has recorded, once the balance reaches EUR 50. A smaller balance is carried forward to the next quarter.",
        ],
      },
    },
    {
      fr: {
        title: 'Durée et résiliation',
        text: [
          'Le contrat est conclu pour trois ans à compter de sa signature et se renouvelle tacitement par périodes d’un an. Chaque partie peut y mettre fin à tout moment par écrit moyennant un préavis de trois mois, ou sans préavis en cas de manquement grave de l’autre partie non corrigé dans les 30 jours d’une mise en demeure.',
          'À la fin du contrat, l’Éditeur retire l’œuvre de la vente dans les 30 jours\u202f; les clients conservent l’accès aux copies numériques déjà achetées et les redevances dues restent payables.',
        ],
      },
      en: {
        title: 'Term and termination',
        text: [
          'This agreement runs for three years from signature and renews automatically for one-year periods. Either party may end it at any time in writing on three months’ notice, or without notice if the other party commits a serious breach not remedied within 30 days of a written notice.',
          'On termination the Publisher withdraws the work from sale within 30 days; customers keep access to digital copies already bought and royalties due remain payable.',
        ],
      },
    },
    {
      fr: {
        title: 'Données personnelles',
        text: [
          'L’Éditeur traite les données de l’Auteur (identité, coordonnées, données bancaires) pour l’exécution du contrat et le paiement des redevances, conformément au UK GDPR. Contact\u202f: ' +
            site.contact.authors +
            '.',
        ],
      },
      en: {
        title: 'Personal data',
        text: [
          "The Publisher processes the Author's data (identity, contact and bank details) to perform this agreement and pay royalties, in line with the UK GDPR. Contact: " +
            site.contact.authors +
            '.',
        ],
      },
    },
    {
      fr: {
        title: 'Droit applicable et juridiction',
        text: [
          `Le présent contrat est régi par le droit anglais (Royaume-Uni). Tout litige relatif à sa formation, son exécution ou sa fin relève de la compétence exclusive des tribunaux de Londres. ${c.name} est une société immatriculée au Royaume-Uni. En cas de divergence entre les deux versions, la version anglaise prévaut.`,
        ],
      },
      en: {
        title: 'Governing law and jurisdiction',
        text: [
          `This agreement is governed by the law of England and Wales (United Kingdom). The courts of London have exclusive jurisdiction over any dispute about its formation, performance or termination. ${c.name} is a company registered in the United Kingdom. Should the two versions differ, the English version prevails.`,
        ],
      },
    },
  ];
}

/** The bilingual author agreement (French, then English, article by article), 2–4 A4 pages. */
export async function renderAuthorContract(settings: ContractSettings): Promise<Buffer> {
  const { site, royaltyRates } = settings;
  const c = site.company;
  const pdfLib = await loadPdfLib();
  const french = colours(pdfLib).ink;
  const english = pdfLib.rgb(0.24, 0.3, 0.4);
  const pdf = await PdfWriter.create({
    title: `${CONTRACT_TITLE_FR} / ${CONTRACT_TITLE_EN}`,
    author: c.name,
    subject: `${c.name} – ${CONTRACT_TITLE_FR} / ${CONTRACT_TITLE_EN}`,
    language: 'fr-FR',
    keywords: ['contrat', 'auteur', 'author', 'agreement', 'royalties'],
    runningHeader: `${c.name} – ${CONTRACT_TITLE_FR} / ${CONTRACT_TITLE_EN}`,
    footer: `${c.name} – ${c.address} – No. ${c.registrationNumber}`,
  });
  const body = (text: string, lang: 'fr' | 'en') =>
    pdf.text(text, {
      size: 9.5,
      font: lang === 'fr' ? pdf.fonts.regular : pdf.fonts.italic,
      color: lang === 'fr' ? french : english,
      after: 5,
    });

  pdf.text(`${CONTRACT_TITLE_FR} / ${CONTRACT_TITLE_EN}`, {
    size: 22,
    font: pdf.fonts.bold,
    color: pdf.accent,
    after: 2,
  });
  pdf.text(
    'Version française suivie de la version anglaise pour chaque article. / French text followed by the English text for each article.',
    { size: 9, color: pdf.muted, after: 14 },
  );

  pdf.heading('Entre les soussignés / Between', 3);
  body(
    `${c.name}, société immatriculée au Royaume-Uni sous le numéro ${c.registrationNumber}, dont le siège social est situé ${c.address}, numéro de TVA ${c.vatNumber}, représentée par ${c.contactPerson} («\u202fl’Éditeur\u202f»),`,
    'fr',
  );
  body(
    `${c.name}, a company registered in the United Kingdom under number ${c.registrationNumber}, whose registered office is at ${c.address}, VAT number ${c.vatNumber}, represented by ${c.contactPerson} (“the Publisher”),`,
    'en',
  );
  pdf.text('et / and', { size: 9.5, font: pdf.fonts.bold, after: 4 });
  pdf.table(
    [
      ['L’Auteur / The Author', ''],
      ['Nom et prénom / Full name', ''],
      ['Adresse / Address', ''],
      ['E-mail', ''],
      ['Compte HLS / HLS account', ''],
    ],
    [0.38, 0.62],
  );

  pdf.heading('L’œuvre / The work', 3);
  pdf.table(
    [
      ['Titre / Title', ''],
      [
        'Format / Format',
        '[ ] Livre papier / Paper book   [ ] Livre numérique / Ebook   [ ] Fichier professionnel / Professional file',
      ],
      ['Langue / Language', '[ ] Français / French   [ ] Anglais / English'],
    ],
    [0.38, 0.62],
    false,
  );

  contractArticles(settings).forEach((article, i) => {
    pdf.heading(`Article ${i + 1} – ${article.fr.title} / ${article.en.title}`, 3);
    article.fr.text.forEach((t) => body(t, 'fr'));
    article.en.text.forEach((t) => body(t, 'en'));
    if (article.en.title === 'Royalties') {
      pdf.table(
        [
          ['Format', 'Taux sur ventes nettes / Rate on net sales'],
          ['Livre papier / Paper book', `${rate(royaltyRates.paper)} / ${rateEn(royaltyRates.paper)}`],
          ['Livre numérique / Ebook', `${rate(royaltyRates.ebook)} / ${rateEn(royaltyRates.ebook)}`],
          [
            'Fichier professionnel / Professional file',
            `${rate(royaltyRates.professionalFile)} / ${rateEn(royaltyRates.professionalFile)}`,
          ],
        ],
        [0.5, 0.5],
      );
    }
  });

  pdf.ensure(190);
  pdf.heading('Signatures', 3);
  pdf.text(
    'Fait en deux exemplaires, à Londres, le / Made in two copies, in London, on: ____ / ____ / ________',
    {
      size: 9.5,
      after: 10,
    },
  );
  pdf.table(
    [
      ['Pour l’Éditeur / For the Publisher', 'L’Auteur / The Author'],
      [`${c.contactPerson}\n${c.name}`, 'Nom / Name:'],
      [
        'Signature\u202f:\n\n\n\n',
        'Signature (précédée de «\u202flu et approuvé\u202f» / preceded by “read and approved”):\n\n\n\n',
      ],
    ],
    [0.5, 0.5],
  );
  return pdf.finish();
}
