// Kept in one file: the zipped stand-ins (Power BI, Publisher, Access) share the zip, README and data.
import { zipSync, type Zippable } from 'fflate';
import type { Language } from '@hls/contract';
import { renderCover } from '../../lib/cover.ts';
import { PdfWriter } from '../../lib/pdf/pdf-layout.ts';
import { createRandom } from '../../lib/random.ts';
import { renderProcedureDocx } from './sample-docx.ts';
import { renderSamplePdf } from './sample-pdf.ts';
import { renderPresentation } from './sample-pptx.ts';
import { renderWorkbook, toCsv } from './sample-xlsx.ts';
import type { Topic } from './topics.ts';

/**
 * Power BI (.pbix), Publisher (.pub) and Access (.accdb) files are binary formats no library writes honestly,
 * so those products ship as a .zip: the data, a PDF guide and a README to build the file in the target tool.
 */

export type PackageInput = { title: string; author: string; language: Language; topic: Topic };

const ZIP_DATE = new Date('2026-01-05T09:00:00Z');
export const utf8 = (text: string) => new TextEncoder().encode(text.replace(/\r?\n/g, '\r\n'));

export function zip(files: Record<string, Uint8Array>): Buffer {
  const entries: Zippable = {};
  for (const [name, bytes] of Object.entries(files)) entries[name] = [bytes, { mtime: ZIP_DATE }];
  return Buffer.from(zipSync(entries, { level: 6 }));
}

export type Guide = { title: string; intro: string; sections: { heading: string; steps: string[] }[] };

export async function renderGuide(
  guide: Guide,
  input: Pick<PackageInput, 'title' | 'author' | 'language'>,
): Promise<Buffer> {
  const pdf = await PdfWriter.create({
    title: guide.title,
    author: input.author,
    language: input.language === 'fr' ? 'fr-FR' : 'en-GB',
    runningHeader: guide.title,
    footer: 'HLS',
  });
  pdf.heading(guide.title, 1);
  pdf.text(input.title, { size: 13, font: pdf.fonts.bold, after: 10 });
  pdf.paragraph(guide.intro);
  for (const section of guide.sections) {
    pdf.heading(section.heading);
    pdf.bullets(section.steps, true);
  }
  return pdf.finish();
}

export function readme(title: string, lines: string[]): Uint8Array {
  return utf8([title, '='.repeat(title.length), '', ...lines, ''].join('\n'));
}

const regions = ['Nord', 'Sud', 'Est', 'Ouest', 'Centre'];
const regionsEn = ['North', 'South', 'East', 'West', 'Central'];

function salesRows(language: Language): (string | number)[][] {
  const random = createRandom(`sales:${language}`);
  const productNames =
    language === 'fr'
      ? ['Classeur comptable', 'Pack formulaires', 'Modèle de rapport', 'Tableau de suivi', 'Guide pratique']
      : ['Accounting workbook', 'Forms pack', 'Report template', 'Tracking sheet', 'Practical guide'];
  const channels = language === 'fr' ? ['En ligne', 'Revendeur', 'Direct'] : ['Online', 'Reseller', 'Direct'];
  const header =
    language === 'fr'
      ? ['date', 'region', 'produit', 'canal', 'quantite', 'prix_unitaire', 'chiffre_affaires']
      : ['date', 'region', 'product', 'channel', 'quantity', 'unit_price', 'revenue'];
  const rows: (string | number)[][] = [header];
  for (let i = 0; i < 240; i += 1) {
    const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(i * 1.52) * 86_400_000);
    const quantity = random.int(1, 24);
    const price = random.pick([19, 29, 39, 49, 79]);
    rows.push([
      day.toISOString().slice(0, 10),
      random.pick(language === 'fr' ? regions : regionsEn),
      random.pick(productNames),
      random.pick(channels),
      quantity,
      price,
      quantity * price,
    ]);
  }
  return rows;
}

export async function renderPowerBiPackage(input: PackageInput): Promise<Buffer> {
  const fr = input.language === 'fr';
  const measures = fr
    ? [
        'CA total = SUM(ventes[chiffre_affaires])',
        'Quantité totale = SUM(ventes[quantite])',
        'Panier moyen = DIVIDE([CA total], COUNTROWS(ventes))',
        'CA année précédente = CALCULATE([CA total], SAMEPERIODLASTYEAR(Calendrier[Date]))',
        'Croissance % = DIVIDE([CA total] - [CA année précédente], [CA année précédente])',
      ]
    : [
        'Total revenue = SUM(sales[revenue])',
        'Total quantity = SUM(sales[quantity])',
        'Average basket = DIVIDE([Total revenue], COUNTROWS(sales))',
        'Revenue last year = CALCULATE([Total revenue], SAMEPERIODLASTYEAR(Calendar[Date]))',
        'Growth % = DIVIDE([Total revenue] - [Revenue last year], [Revenue last year])',
      ];
  const dataFile = fr ? 'donnees/ventes.csv' : 'data/sales.csv';
  const guide: Guide = fr
    ? {
        title: 'Guide – construire le tableau de bord dans Power BI Desktop',
        intro:
          'Ce paquet contient les données de ventes, les mesures DAX et la maquette du tableau de bord. Suivez les étapes pour obtenir le rapport complet en une vingtaine de minutes.',
        sections: [
          {
            heading: 'Importer les données',
            steps: [
              'Ouvrez Power BI Desktop, puis Accueil > Obtenir les données > Texte/CSV.',
              `Choisissez le fichier ${dataFile} (séparateur virgule, encodage UTF-8) et cliquez sur Charger.`,
              'Dans Modélisation, créez une table Calendrier avec CALENDARAUTO() et reliez-la à ventes[date].',
            ],
          },
          {
            heading: 'Créer les mesures',
            steps: [
              'Ouvrez le fichier mesures.dax et créez chaque mesure avec Nouvelle mesure.',
              'Formatez CA total et Panier moyen en devise (€), Croissance % en pourcentage.',
            ],
          },
          {
            heading: 'Composer les visuels',
            steps: [
              'Trois cartes\u202f: CA total, Quantité totale, Panier moyen.',
              'Un histogramme groupé du CA par mois, un graphique en anneau par canal.',
              'Une carte choroplèthe ou un tableau par région, et des segments Région et Produit.',
              'Enregistrez le rapport au format .pbix.',
            ],
          },
        ],
      }
    : {
        title: 'Guide – building the dashboard in Power BI Desktop',
        intro:
          'This package holds the sales data, the DAX measures and the dashboard layout. Follow the steps to get the full report in about twenty minutes.',
        sections: [
          {
            heading: 'Import the data',
            steps: [
              'Open Power BI Desktop, then Home > Get data > Text/CSV.',
              `Pick ${dataFile} (comma separated, UTF-8) and click Load.`,
              'In Modeling, create a Calendar table with CALENDARAUTO() and relate it to sales[date].',
            ],
          },
          {
            heading: 'Create the measures',
            steps: [
              'Open measures.dax and create each measure with New measure.',
              'Format Total revenue and Average basket as currency (EUR), Growth % as a percentage.',
            ],
          },
          {
            heading: 'Build the visuals',
            steps: [
              'Three cards: Total revenue, Total quantity, Average basket.',
              'A clustered column chart of revenue by month and a doughnut chart by channel.',
              'A map or a table by region, with Region and Product slicers.',
              'Save the report as a .pbix file.',
            ],
          },
        ],
      };
  return zip({
    [fr ? 'LISEZMOI.txt' : 'README.txt']: readme(input.title, [
      fr ? `Auteur : ${input.author}` : `Author: ${input.author}`,
      '',
      fr
        ? 'Contenu\u202f: données de ventes (CSV), mesures DAX (mesures.dax) et guide PDF pas à pas.'
        : 'Contents: sales data (CSV), DAX measures (measures.dax) and a step-by-step PDF guide.',
      fr
        ? 'Ouvrez le guide, puis importez le CSV dans Power BI Desktop (Obtenir les données > Texte/CSV).'
        : 'Open the guide, then import the CSV in Power BI Desktop (Get data > Text/CSV).',
    ]),
    [dataFile]: utf8(toCsv(salesRows(input.language))),
    [fr ? 'mesures.dax' : 'measures.dax']: utf8(measures.join('\n\n') + '\n'),
    [fr ? 'guide.pdf' : 'guide.pdf']: await renderGuide(guide, input),
  });
}

export async function renderPublisherPackage(input: PackageInput): Promise<Buffer> {
  const fr = input.language === 'fr';
  const text = fr
    ? [
        'TITRE : Formations professionnelles 2026',
        '',
        'ACCROCHE\u202f: Développez vos compétences avec des formations courtes, concrètes et certifiantes.',
        '',
        'VOLET 1 – Nos formations',
        '- Gestion financière pour non-financiers (2 jours)',
        '- Excel avancé\u202f: tableaux croisés et Power Query (1 jour)',
        '- Manager une équipe à distance (2 jours)',
        '',
        'VOLET 2 – Pourquoi nous choisir',
        'Des formateurs praticiens, des groupes de huit personnes au plus et un suivi après la formation.',
        '',
        'VOLET 3 – Contact',
        'Inscriptions : formations@exemple.test – 01 23 45 67 89',
      ]
    : [
        'TITLE: Professional training 2026',
        '',
        'TAGLINE: Build your skills with short, practical, certified courses.',
        '',
        'PANEL 1 – Our courses',
        '- Finance for non-financial managers (2 days)',
        '- Advanced Excel: pivot tables and Power Query (1 day)',
        '- Managing a remote team (2 days)',
        '',
        'PANEL 2 – Why choose us',
        'Practitioner trainers, groups of eight people at most and follow-up after the course.',
        '',
        'PANEL 3 – Contact',
        'Bookings: training@example.test – 020 7946 0000',
      ];
  const guide: Guide = fr
    ? {
        title: 'Guide – monter la brochure dans Microsoft Publisher',
        intro:
          'La brochure est un dépliant A4 trois volets. Les textes sont dans textes-brochure.txt et le visuel de couverture dans visuel-couverture.svg.',
        sections: [
          {
            heading: 'Mise en page',
            steps: [
              'Fichier > Nouveau > Brochures\u202f: choisissez un modèle trois volets, format A4 paysage.',
              'Marges de 10 mm, gouttières de 8 mm\u202f; police des titres Georgia 20 pt, texte Calibri 10 pt.',
              'Couleurs\u202f: bleu nuit #1E3A5F pour les titres, orange #F4A261 pour les filets.',
            ],
          },
          {
            heading: 'Contenu',
            steps: [
              'Collez chaque volet de textes-brochure.txt dans la zone de texte correspondante.',
              'Insertion > Images\u202f: placez visuel-couverture.svg sur le volet de couverture.',
              'Vérifiez l’orthographe (F7), puis Fichier > Exporter > PDF pour l’imprimeur.',
            ],
          },
        ],
      }
    : {
        title: 'Guide – laying out the brochure in Microsoft Publisher',
        intro:
          'The brochure is an A4 tri-fold leaflet. The copy is in brochure-text.txt and the cover artwork in cover-artwork.svg.',
        sections: [
          {
            heading: 'Layout',
            steps: [
              'File > New > Brochures: choose a three-panel template, A4 landscape.',
              'Margins 10 mm, gutters 8 mm; headings in Georgia 20 pt, body in Calibri 10 pt.',
              'Colours: navy #1E3A5F for headings, orange #F4A261 for rules.',
            ],
          },
          {
            heading: 'Content',
            steps: [
              'Paste each panel of brochure-text.txt into the matching text box.',
              'Insert > Pictures: place cover-artwork.svg on the cover panel.',
              'Check spelling (F7), then File > Export > PDF for the printer.',
            ],
          },
        ],
      };
  return zip({
    [fr ? 'LISEZMOI.txt' : 'README.txt']: readme(input.title, [
      fr ? `Auteur : ${input.author}` : `Author: ${input.author}`,
      '',
      fr
        ? 'Contenu\u202f: textes de la brochure, visuel de couverture (SVG) et guide de mise en page PDF.'
        : 'Contents: brochure copy, cover artwork (SVG) and a PDF layout guide.',
      fr
        ? 'Ouvrez Microsoft Publisher et suivez guide.pdf pour obtenir le fichier .pub.'
        : 'Open Microsoft Publisher and follow guide.pdf to produce the .pub file.',
    ]),
    [fr ? 'textes-brochure.txt' : 'brochure-text.txt']: utf8(text.join('\n') + '\n'),
    [fr ? 'visuel-couverture.svg' : 'cover-artwork.svg']: renderCover({
      title: fr ? 'Formations professionnelles 2026' : 'Professional training 2026',
      author: input.author,
      section: 'professional',
      language: input.language,
      seed: `publisher:${input.language}`,
    }),
    'guide.pdf': await renderGuide(guide, input),
  });
}

export async function renderAccessPackage(input: PackageInput): Promise<Buffer> {
  const fr = input.language === 'fr';
  const random = createRandom(`access:${input.language}`);
  const cities = fr
    ? ['Paris', 'Lyon', 'Tunis', 'Sfax', 'Lille', 'Nantes']
    : ['London', 'Leeds', 'Bristol', 'Tunis', 'Dublin', 'York'];
  const names = fr
    ? [
        'Boulangerie Martin',
        'Cabinet Haddad',
        'Garage du Centre',
        'Librairie Soleil',
        'Pharmacie Lemaire',
        'Atelier Benali',
      ]
    : [
        'Martin Bakery',
        'Haddad & Co',
        'Central Garage',
        'Sunrise Books',
        'Lemaire Pharmacy',
        'Benali Workshop',
      ];
  const customers: (string | number)[][] = [
    fr ? ['id_client', 'nom', 'ville', 'email'] : ['customer_id', 'name', 'city', 'email'],
  ];
  names.forEach((name, i) =>
    customers.push([i + 1, name, cities[i]!, `contact${i + 1}@${fr ? 'exemple' : 'example'}.test`]),
  );
  const productNames = fr
    ? ['Ramette papier A4', 'Cartouche d’encre', 'Classeur', 'Stylos (boîte de 50)', 'Agrafeuse']
    : ['A4 paper ream', 'Ink cartridge', 'Ring binder', 'Pens (box of 50)', 'Stapler'];
  const productsCsv: (string | number)[][] = [
    fr ? ['id_produit', 'libelle', 'prix_unitaire'] : ['product_id', 'name', 'unit_price'],
  ];
  productNames.forEach((name, i) => productsCsv.push([i + 1, name, [4.9, 32.5, 3.2, 11.9, 14.5][i]!]));
  const orders: (string | number)[][] = [
    fr
      ? ['id_commande', 'id_client', 'id_produit', 'date_commande', 'quantite']
      : ['order_id', 'customer_id', 'product_id', 'order_date', 'quantity'],
  ];
  for (let i = 1; i <= 60; i += 1) {
    const date = new Date(Date.UTC(2026, 0, 2) + i * 2 * 86_400_000).toISOString().slice(0, 10);
    orders.push([
      i,
      random.int(1, names.length),
      random.int(1, productNames.length),
      date,
      random.int(1, 20),
    ]);
  }
  const [tCustomers, tProducts, tOrders] = fr
    ? ['Clients', 'Produits', 'Commandes']
    : ['Customers', 'Products', 'Orders'];
  const [cId, pId, oId] = fr
    ? ['id_client', 'id_produit', 'id_commande']
    : ['customer_id', 'product_id', 'order_id'];
  const schema = [
    `CREATE TABLE ${tCustomers} (${cId} INTEGER PRIMARY KEY, ${fr ? 'nom' : 'name'} TEXT(100) NOT NULL, ${fr ? 'ville' : 'city'} TEXT(60), email TEXT(120));`,
    `CREATE TABLE ${tProducts} (${pId} INTEGER PRIMARY KEY, ${fr ? 'libelle' : 'name'} TEXT(100) NOT NULL, ${fr ? 'prix_unitaire' : 'unit_price'} CURRENCY NOT NULL);`,
    `CREATE TABLE ${tOrders} (${oId} INTEGER PRIMARY KEY, ${cId} INTEGER NOT NULL REFERENCES ${tCustomers}(${cId}), ${pId} INTEGER NOT NULL REFERENCES ${tProducts}(${pId}), ${fr ? 'date_commande' : 'order_date'} DATETIME NOT NULL, ${fr ? 'quantite' : 'quantity'} INTEGER NOT NULL);`,
  ];
  const queries = [
    fr ? '-- Chiffre d’affaires par client' : '-- Revenue by customer',
    `SELECT c.${fr ? 'nom' : 'name'}, SUM(o.${fr ? 'quantite' : 'quantity'} * p.${fr ? 'prix_unitaire' : 'unit_price'}) AS ${fr ? 'chiffre_affaires' : 'revenue'}`,
    `FROM (${tOrders} AS o INNER JOIN ${tCustomers} AS c ON o.${cId} = c.${cId}) INNER JOIN ${tProducts} AS p ON o.${pId} = p.${pId}`,
    `GROUP BY c.${fr ? 'nom' : 'name'} ORDER BY 2 DESC;`,
  ];
  const guide: Guide = fr
    ? {
        title: 'Guide – créer la base de gestion des commandes dans Access',
        intro:
          'Ce paquet contient les trois tables (clients, produits, commandes) en CSV, le script de création et les requêtes. La base obtenue gère les commandes et calcule le chiffre d’affaires par client.',
        sections: [
          {
            heading: 'Créer les tables',
            steps: [
              'Ouvrez Access, Fichier > Nouveau > Base de données vide, enregistrez-la sous commandes.accdb.',
              'Créer > Création de requête > mode SQL\u202f: exécutez une à une les instructions de schema.sql.',
              'Données externes > Nouvelle source > Fichier texte\u202f: importez chaque CSV dans sa table (première ligne = en-têtes).',
            ],
          },
          {
            heading: 'Relations, formulaires et requêtes',
            steps: [
              'Outils de base de données > Relations\u202f: vérifiez les liens Clients–Commandes et Produits–Commandes avec intégrité référentielle.',
              'Créer > Formulaire sur la table Commandes, avec des listes déroulantes pour le client et le produit.',
              'Collez les requêtes de requetes.sql en mode SQL et enregistrez-les.',
            ],
          },
        ],
      }
    : {
        title: 'Guide – building the order management database in Access',
        intro:
          'This package holds the three tables (customers, products, orders) as CSV, the creation script and the queries. The resulting database manages orders and computes revenue by customer.',
        sections: [
          {
            heading: 'Create the tables',
            steps: [
              'Open Access, File > New > Blank database, save it as orders.accdb.',
              'Create > Query Design > SQL view: run each statement of schema.sql in turn.',
              'External Data > New Data Source > Text File: import each CSV into its table (first row holds the headers).',
            ],
          },
          {
            heading: 'Relationships, forms and queries',
            steps: [
              'Database Tools > Relationships: check the Customers–Orders and Products–Orders links with referential integrity.',
              'Create > Form on the Orders table, with combo boxes for the customer and the product.',
              'Paste the queries of queries.sql in SQL view and save them.',
            ],
          },
        ],
      };
  const dir = fr ? 'donnees' : 'data';
  return zip({
    [fr ? 'LISEZMOI.txt' : 'README.txt']: readme(input.title, [
      fr ? `Auteur : ${input.author}` : `Author: ${input.author}`,
      '',
      fr
        ? 'Contenu\u202f: tables en CSV, script de création (schema.sql), requêtes et guide PDF.'
        : 'Contents: tables as CSV, creation script (schema.sql), queries and a PDF guide.',
      fr
        ? 'Suivez guide.pdf pour obtenir la base .accdb dans Microsoft Access.'
        : 'Follow guide.pdf to build the .accdb database in Microsoft Access.',
    ]),
    [`${dir}/${tCustomers.toLowerCase()}.csv`]: utf8(toCsv(customers)),
    [`${dir}/${tProducts.toLowerCase()}.csv`]: utf8(toCsv(productsCsv)),
    [`${dir}/${tOrders.toLowerCase()}.csv`]: utf8(toCsv(orders)),
    'schema.sql': utf8(schema.join('\n\n') + '\n'),
    [fr ? 'requetes.sql' : 'queries.sql']: utf8(queries.join('\n') + '\n'),
    'guide.pdf': await renderGuide(guide, input),
  });
}

/** A bundle of several documents of one kit: notes (PDF), workbook, procedure and slides. */
export async function renderBundle(input: PackageInput): Promise<Buffer> {
  const fr = input.language === 'fr';
  return zip({
    [fr ? 'LISEZMOI.txt' : 'README.txt']: readme(input.title, [
      fr ? `Auteur : ${input.author}` : `Author: ${input.author}`,
      '',
      fr
        ? 'Ce pack réunit quatre documents complémentaires\u202f:'
        : 'This pack brings together four documents:',
      fr ? '- 1-notes.pdf\u202f: le support écrit' : '- 1-notes.pdf: the written notes',
      fr ? '- 2-tableur.xlsx\u202f: le classeur de suivi' : '- 2-workbook.xlsx: the tracking workbook',
      fr
        ? '- 3-procedure.docx\u202f: la procédure et son formulaire'
        : '- 3-procedure.docx: the procedure and its form',
      fr
        ? '- 4-presentation.pptx\u202f: le modèle de présentation'
        : '- 4-presentation.pptx: the presentation template',
    ]),
    '1-notes.pdf': await renderSamplePdf(input),
    [fr ? '2-tableur.xlsx' : '2-workbook.xlsx']: await renderWorkbook(input),
    '3-procedure.docx': await renderProcedureDocx(input),
    '4-presentation.pptx': await renderPresentation(input),
  });
}
