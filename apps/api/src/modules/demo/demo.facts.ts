import type { Licence } from '@hls/contract';

/**
 * What the demo catalogue's pages state beyond the products themselves: who published each book and when, the
 * professional files sold for commercial use, and the products that are the same work in both languages.
 */

/** Books: the publisher and the publication date (YYYY-MM-DD) of each, by demo key. */
export const demoBookFacts: Record<string, { publisher: string; published: string }> = {
  'b-compta-generale': { publisher: 'HLS Éditions', published: '2024-09-02' },
  'b-gestion-financiere': { publisher: 'HLS Éditions', published: '2025-01-20' },
  'b-analyse-financiere': { publisher: 'HLS Éditions', published: '2025-06-16' },
  'b-sql-pratique': { publisher: 'Éditions Carthage Savoirs', published: '2023-10-05' },
  'b-python-debutant': { publisher: 'Éditions Carthage Savoirs', published: '2024-03-14' },
  'b-web-moderne': { publisher: 'HLS Éditions', published: '2025-11-03' },
  'b-strategie-pme': { publisher: 'HLS Éditions', published: '2022-05-30' },
  'b-manager-equipe': { publisher: 'HLS Éditions', published: '2024-01-22' },
  'b-droit-affaires': { publisher: 'Éditions Carthage Savoirs', published: '2023-09-18' },
  'b-droit-contrats': { publisher: 'HLS Éditions', published: '2025-02-10' },
  'b-roman-port': { publisher: 'Éditions du Jasmin', published: '2021-04-08' },
  'b-poesie-mer': { publisher: 'Éditions du Jasmin', published: '2022-10-13' },
  'b-efficacite': { publisher: 'HLS Éditions', published: '2025-04-07' },
  'b-prise-parole': { publisher: 'HLS Éditions', published: '2025-09-22' },
  'b-sql-en': { publisher: 'HLS Publishing', published: '2024-06-03' },
  'b-powerbi-en': { publisher: 'HLS Publishing', published: '2025-03-17' },
  'b-project-en': { publisher: 'Medina Press', published: '2023-02-27' },
  'b-strategy-en': { publisher: 'Medina Press', published: '2022-08-29' },
  'b-contract-law-en': { publisher: 'HLS Publishing', published: '2025-05-12' },
  'b-business-law-en': { publisher: 'HLS Publishing', published: '2024-11-04' },
  'b-accounting-en': { publisher: 'HLS Publishing', published: '2024-10-14' },
  'b-novel-en': { publisher: 'Medina Press', published: '2023-06-19' },
  'b-focus-en': { publisher: 'HLS Publishing', published: '2025-08-25' },
  'b-speaking-en': { publisher: 'HLS Publishing', published: '2025-10-06' },
  'b-draft-roman': { publisher: 'Éditions du Jasmin', published: '2026-01-12' },
};

/** Professional files whose buyers may use them for clients and in what they sell (templates, kits). */
export const demoCommercialUse = new Set([
  'p-revue-trimestrielle',
  'p-pitch-en',
  'p-qbr-en',
  'p-brochure',
  'p-leaflet-en',
  'p-kit-creation',
  'p-manager-kit-en',
]);

/**
 * Academic documents: course material is shared for study (CC BY-NC, study packs CC BY), theses may be quoted
 * but not changed (CC BY-NC-ND), internship and final-year reports stay their authors' (all rights reserved).
 */
export function demoLicence(key: string): Licence {
  if (/^a-(stage|internship|pfe|fyp)/.test(key)) return 'all_rights_reserved';
  if (/^a-(memoire|thesis)/.test(key)) return 'cc_by_nc_nd';
  if (/^a-(pack|study)/.test(key)) return 'cc_by';
  return 'cc_by_nc';
}

/** The same work in French and in English: each page offers the other ("Aussi en français"). */
export const demoTwins: [fr: string, en: string][] = [
  ['b-sql-pratique', 'b-sql-en'],
  ['b-compta-generale', 'b-accounting-en'],
  ['b-droit-contrats', 'b-contract-law-en'],
  ['b-strategie-pme', 'b-strategy-en'],
  ['b-prise-parole', 'b-speaking-en'],
  ['p-tresorerie', 'p-cashflow-en'],
  ['p-procedure-achats', 'p-purchasing-en'],
  ['p-revue-trimestrielle', 'p-qbr-en'],
  ['p-powerbi-ventes', 'p-powerbi-sales-en'],
  ['p-access-commandes', 'p-access-orders-en'],
  ['a-cours-bdd', 'a-notes-db-en'],
  ['a-cours-droit-contrats', 'a-notes-contract-en'],
  ['a-cours-gestion-fin', 'a-notes-finance-en'],
];
