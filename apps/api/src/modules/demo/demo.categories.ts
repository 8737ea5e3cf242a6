import type { Section } from '@hls/contract';

export type DemoCategory = {
  slug: string;
  fr: string;
  en: string;
  subcategories: { slug: string; fr: string; en: string }[];
};

const fields = {
  informatique: { slug: 'informatique', fr: 'Informatique', en: 'Computer science' },
  gestion: { slug: 'gestion', fr: 'Gestion', en: 'Business management' },
  droit: { slug: 'droit', fr: 'Droit', en: 'Law' },
  economie: { slug: 'economie', fr: 'Économie', en: 'Economics' },
  marketing: { slug: 'marketing', fr: 'Marketing', en: 'Marketing' },
};

/** Bilingual categories and subcategories of the three sections. */
export const demoCategories: Record<Section, DemoCategory[]> = {
  academic: [
    {
      slug: 'cours',
      fr: 'Cours',
      en: 'Course notes',
      subcategories: [fields.informatique, fields.gestion, fields.droit, fields.economie],
    },
    {
      slug: 'exercices-corriges',
      fr: 'Exercices corrigés',
      en: 'Solved exercises',
      subcategories: [fields.informatique, fields.gestion, fields.economie],
    },
    {
      slug: 'rapports-de-stage',
      fr: 'Rapports de stage',
      en: 'Internship reports',
      subcategories: [fields.informatique, fields.gestion, fields.marketing],
    },
    {
      slug: 'memoires-theses',
      fr: 'Mémoires & thèses',
      en: 'Dissertations & theses',
      subcategories: [fields.droit, fields.economie, fields.gestion],
    },
    {
      slug: 'projets-fin-etudes',
      fr: 'Projets de fin d’études',
      en: 'Final-year projects',
      subcategories: [fields.informatique, fields.gestion],
    },
  ],
  professional: [
    {
      slug: 'tableaux-de-bord',
      fr: 'Tableaux de bord',
      en: 'Dashboards',
      subcategories: [
        { slug: 'finance', fr: 'Finance', en: 'Finance' },
        { slug: 'commercial', fr: 'Commercial', en: 'Sales' },
        { slug: 'ressources-humaines', fr: 'Ressources humaines', en: 'Human resources' },
      ],
    },
    {
      slug: 'micro-applications',
      fr: 'Micro-applications Excel/Access',
      en: 'Excel & Access micro-apps',
      subcategories: [
        { slug: 'comptabilite', fr: 'Comptabilité', en: 'Accounting' },
        { slug: 'stocks', fr: 'Gestion des stocks', en: 'Inventory' },
        { slug: 'gestion-commerciale', fr: 'Gestion commerciale', en: 'Sales administration' },
      ],
    },
    {
      slug: 'formulaires',
      fr: 'Formulaires',
      en: 'Forms',
      subcategories: [
        { slug: 'ressources-humaines', fr: 'Ressources humaines', en: 'Human resources' },
        { slug: 'achats', fr: 'Achats', en: 'Purchasing' },
      ],
    },
    {
      slug: 'procedures-manuels',
      fr: 'Procédures & manuels',
      en: 'Procedures & manuals',
      subcategories: [
        { slug: 'qualite', fr: 'Qualité', en: 'Quality' },
        { slug: 'achats', fr: 'Achats', en: 'Purchasing' },
      ],
    },
    {
      slug: 'modeles-powerpoint',
      fr: 'Modèles PowerPoint',
      en: 'PowerPoint templates',
      subcategories: [
        { slug: 'pitch', fr: 'Présentation investisseurs', en: 'Pitch decks' },
        { slug: 'reporting', fr: 'Reporting', en: 'Reporting' },
      ],
    },
    {
      slug: 'communication',
      fr: 'Supports de communication',
      en: 'Marketing materials',
      subcategories: [{ slug: 'brochures', fr: 'Brochures & dépliants', en: 'Brochures & leaflets' }],
    },
    {
      slug: 'kits',
      fr: 'Kits & packs',
      en: 'Kits & bundles',
      subcategories: [],
    },
  ],
  book: [
    {
      slug: 'informatique',
      fr: 'Informatique',
      en: 'Computing',
      subcategories: [
        { slug: 'programmation', fr: 'Programmation', en: 'Programming' },
        { slug: 'bases-de-donnees', fr: 'Bases de données', en: 'Databases' },
      ],
    },
    {
      slug: 'management',
      fr: 'Management',
      en: 'Management',
      subcategories: [
        { slug: 'strategie', fr: 'Stratégie', en: 'Strategy' },
        { slug: 'gestion-de-projet', fr: 'Gestion de projet', en: 'Project management' },
      ],
    },
    {
      slug: 'finance-comptabilite',
      fr: 'Finance & comptabilité',
      en: 'Finance & accounting',
      subcategories: [
        { slug: 'comptabilite', fr: 'Comptabilité', en: 'Accounting' },
        { slug: 'finance', fr: 'Finance d’entreprise', en: 'Corporate finance' },
      ],
    },
    {
      slug: 'droit',
      fr: 'Droit',
      en: 'Law',
      subcategories: [
        { slug: 'droit-des-affaires', fr: 'Droit des affaires', en: 'Business law' },
        { slug: 'droit-civil', fr: 'Droit civil', en: 'Civil law' },
      ],
    },
    {
      slug: 'litterature',
      fr: 'Littérature',
      en: 'Literature',
      subcategories: [
        { slug: 'romans', fr: 'Romans', en: 'Novels' },
        { slug: 'poesie', fr: 'Poésie', en: 'Poetry' },
      ],
    },
    {
      slug: 'developpement-personnel',
      fr: 'Développement personnel',
      en: 'Personal development',
      subcategories: [
        { slug: 'efficacite', fr: 'Efficacité', en: 'Productivity' },
        { slug: 'communication', fr: 'Communication', en: 'Communication' },
      ],
    },
  ],
};
