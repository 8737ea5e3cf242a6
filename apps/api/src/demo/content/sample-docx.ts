import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { Language } from '@hls/contract';
import type { SampleOutline } from './sample-pdf.ts';

export type ProcedureInput = {
  title: string;
  author: string;
  language: Language;
  /** The product's own summary and sections: the document is then its title, contents and sections. */
  outline?: SampleOutline;
};

const copy = {
  fr: {
    reference: 'Réf. PRO-ACH-01 – version 3 – janvier 2026',
    purpose: '1. Objet',
    purposeText:
      'Cette procédure décrit le circuit d’une demande d’achat, de l’expression du besoin jusqu’au paiement de la facture. Elle garantit que chaque dépense est autorisée, budgétée et tracée.',
    scope: '2. Domaine d’application',
    scopeText:
      'Elle s’applique à tous les services pour les achats de biens et de prestations supérieurs à 150 € HT, hors frais de déplacement.',
    roles: '3. Rôles et responsabilités',
    rolesHeader: ['Acteur', 'Responsabilité', 'Délai'],
    rolesRows: [
      ['Demandeur', 'Exprime le besoin et remplit le formulaire de demande', '—'],
      ['Responsable de service', 'Valide le besoin et l’imputation budgétaire', '2 jours ouvrés'],
      ['Service achats', 'Consulte les fournisseurs et émet le bon de commande', '5 jours ouvrés'],
      ['Comptabilité', 'Rapproche facture, commande et réception, puis paie', '30 jours fin de mois'],
    ],
    steps: '4. Déroulement',
    stepList: [
      'Le demandeur complète le formulaire ci-dessous et joint au moins un devis.',
      'Le responsable de service vérifie le budget disponible et signe la demande.',
      'Au-delà de 5 000 € HT, trois devis comparables sont obligatoires.',
      'Le service achats émet le bon de commande numéroté et l’envoie au fournisseur.',
      'À la livraison, le demandeur signe le bon de réception.',
      'La comptabilité paie la facture après rapprochement des trois documents.',
    ],
    form: '5. Formulaire de demande d’achat',
    formRows: [
      ['Service demandeur', ''],
      ['Nom du demandeur', ''],
      ['Description du besoin', ''],
      ['Fournisseur proposé', ''],
      ['Montant estimé HT (€)', ''],
      ['Ligne budgétaire', ''],
      ['Date souhaitée de livraison', ''],
      ['Visa du responsable (date et signature)', ''],
    ],
    notes: '6. Points de vigilance',
    noteText:
      'Aucune commande ne peut être passée sans bon de commande signé. Les demandes fractionnées pour rester sous un seuil sont interdites. Conservez les pièces justificatives pendant dix ans.',
    page: 'Page',
  },
  en: {
    reference: 'Ref. PRO-PUR-01 – version 3 – January 2026',
    purpose: '1. Purpose',
    purposeText:
      'This procedure describes how a purchase request flows from the expression of a need to the payment of the invoice. It ensures that every expense is authorised, budgeted and traceable.',
    scope: '2. Scope',
    scopeText:
      'It applies to every department for purchases of goods and services above EUR 150 excluding VAT, travel expenses excepted.',
    roles: '3. Roles and responsibilities',
    rolesHeader: ['Who', 'Responsibility', 'Time limit'],
    rolesRows: [
      ['Requester', 'States the need and fills in the request form', '—'],
      ['Head of department', 'Approves the need and the budget line', '2 working days'],
      ['Purchasing', 'Consults suppliers and issues the purchase order', '5 working days'],
      ['Accounts', 'Matches invoice, order and receipt, then pays', '30 days end of month'],
    ],
    steps: '4. Steps',
    stepList: [
      'The requester completes the form below and attaches at least one quote.',
      'The head of department checks the available budget and signs the request.',
      'Above EUR 5,000 excluding VAT, three comparable quotes are required.',
      'Purchasing issues the numbered purchase order and sends it to the supplier.',
      'On delivery, the requester signs the goods received note.',
      'Accounts pays the invoice once the three documents match.',
    ],
    form: '5. Purchase request form',
    formRows: [
      ['Requesting department', ''],
      ['Requester name', ''],
      ['Description of the need', ''],
      ['Proposed supplier', ''],
      ['Estimated amount excl. VAT (EUR)', ''],
      ['Budget line', ''],
      ['Requested delivery date', ''],
      ['Approval (date and signature)', ''],
    ],
    notes: '6. Points to watch',
    noteText:
      'No order may be placed without a signed purchase order. Splitting a request to stay under a threshold is forbidden. Keep the supporting documents for ten years.',
    page: 'Page',
  },
} as const;

const border = { style: BorderStyle.SINGLE, size: 4, color: '9AA5B1' };
const borders = { top: border, bottom: border, left: border, right: border };

function cell(text: string, width: number, header = false): TableCell {
  return new TableCell({
    width: { size: width, type: WidthType.PERCENTAGE },
    borders,
    shading: header ? { type: ShadingType.CLEAR, color: 'auto', fill: 'DCE6F7' } : undefined,
    margins: { top: 80, bottom: 80, left: 100, right: 100 },
    children: [new Paragraph({ children: [new TextRun({ text, bold: header })] })],
  });
}

/** A purchasing procedure with a roles table, numbered steps and a request form to fill in. */
export async function renderProcedureDocx(input: ProcedureInput): Promise<Buffer> {
  if (input.outline) return renderOutlineDocx({ ...input, outline: input.outline });
  const c = copy[input.language];
  const doc = new Document({
    creator: input.author,
    lastModifiedBy: input.author,
    title: input.title,
    description: c.purposeText,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }],
        },
      ],
    },
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [new TextRun(`${c.page} `), new TextRun({ children: [PageNumber.CURRENT] })],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(input.title)] }),
          new Paragraph({ children: [new TextRun({ text: c.reference, italics: true, color: '52606D' })] }),
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(c.purpose)] }),
          new Paragraph(c.purposeText),
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(c.scope)] }),
          new Paragraph(c.scopeText),
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(c.roles)] }),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: [
              new TableRow({
                tableHeader: true,
                children: c.rolesHeader.map((h, i) => cell(h, [25, 50, 25][i]!, true)),
              }),
              ...c.rolesRows.map(
                (row) => new TableRow({ children: row.map((text, i) => cell(text, [25, 50, 25][i]!)) }),
              ),
            ],
          }),
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(c.steps)] }),
          ...c.stepList.map((text) => new Paragraph({ text, numbering: { reference: 'steps', level: 0 } })),
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(c.form)] }),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: c.formRows.map(
              ([label, value]) =>
                new TableRow({
                  height: { value: 560, rule: 'atLeast' },
                  children: [cell(label, 40, true), cell(value, 60)],
                }),
            ),
          }),
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(c.notes)] }),
          new Paragraph(c.noteText),
          new Paragraph({
            alignment: AlignmentType.RIGHT,
            spacing: { before: 400 },
            children: [new TextRun({ text: input.author, italics: true })],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** A product's own document: its title, summary and contents, then its numbered sections. */
async function renderOutlineDocx(input: ProcedureInput & { outline: SampleOutline }): Promise<Buffer> {
  const { outline } = input;
  const fr = input.language === 'fr';
  const doc = new Document({
    creator: input.author,
    lastModifiedBy: input.author,
    title: input.title,
    description: outline.abstract,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [
                  new TextRun(`${copy[input.language].page} `),
                  new TextRun({ children: [PageNumber.CURRENT] }),
                ],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(input.title)] }),
          new Paragraph({ children: [new TextRun({ text: input.author, italics: true, color: '52606D' })] }),
          new Paragraph({
            heading: HeadingLevel.HEADING_2,
            children: [new TextRun(fr ? 'Résumé' : 'Summary')],
          }),
          new Paragraph(outline.abstract),
          new Paragraph({
            heading: HeadingLevel.HEADING_2,
            children: [new TextRun(fr ? 'Sommaire' : 'Contents')],
          }),
          ...outline.sections.map((section, i) => new Paragraph(`${i + 1}. ${section.heading}`)),
          ...outline.sections.flatMap((section, i) => [
            new Paragraph({
              heading: HeadingLevel.HEADING_1,
              pageBreakBefore: i === 0,
              children: [new TextRun(`${i + 1}. ${section.heading}`)],
            }),
            ...section.paragraphs.map((text) => new Paragraph(text)),
          ]),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
