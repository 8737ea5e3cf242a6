import type { Language } from '@hls/contract';

export type DemoAuthor = {
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  bio: string;
  language: Language;
};

/** Authors of the demo catalogue besides author@hls.test (same demo password). */
export const demoAuthors = {
  karim: {
    email: 'karim.mansour@hls.test',
    firstName: 'Karim',
    lastName: 'Mansour',
    displayName: 'Karim Mansour',
    bio: 'Expert-comptable à Tunis, Karim Mansour accompagne les PME dans leur gestion financière et enseigne la comptabilité en licence depuis douze ans.',
    language: 'fr',
  },
  claire: {
    email: 'claire.fontaine@hls.test',
    firstName: 'Claire',
    lastName: 'Fontaine',
    displayName: 'Claire Fontaine',
    bio: 'Consultante en organisation, Claire Fontaine conçoit des procédures, des formulaires et des tableaux de bord pour les services achats et qualité.',
    language: 'fr',
  },
  james: {
    email: 'james.whitfield@hls.test',
    firstName: 'James',
    lastName: 'Whitfield',
    displayName: 'James Whitfield',
    bio: 'James Whitfield is a data analyst in Manchester who builds Power BI and Excel reporting for retail and logistics firms.',
    language: 'en',
  },
  sarah: {
    email: 'sarah.oneill@hls.test',
    firstName: 'Sarah',
    lastName: "O'Neill",
    displayName: "Sarah O'Neill",
    bio: "Sarah O'Neill lectures in contract and commercial law and writes revision guides for undergraduate students.",
    language: 'en',
  },
  youssef: {
    email: 'youssef.trabelsi@hls.test',
    firstName: 'Youssef',
    lastName: 'Trabelsi',
    displayName: 'Youssef Trabelsi',
    bio: 'Ingénieur logiciel et enseignant vacataire, Youssef Trabelsi écrit sur les bases de données, le développement web et la conduite de projets informatiques.',
    language: 'fr',
  },
  leila: {
    email: 'leila.gharbi@hls.test',
    firstName: 'Leïla',
    lastName: 'Gharbi',
    displayName: 'Leïla Gharbi',
    bio: 'Romancière et poétesse, Leïla Gharbi partage sa vie entre Sousse et Marseille\u202f; ses livres racontent la Méditerranée et ceux qui la traversent.',
    language: 'fr',
  },
  thomas: {
    email: 'thomas.reed@hls.test',
    firstName: 'Thomas',
    lastName: 'Reed',
    displayName: 'Thomas Reed',
    bio: 'Thomas Reed has led software and change projects for twenty years and coaches managers on planning, delivery and teamwork.',
    language: 'en',
  },
} satisfies Record<string, DemoAuthor>;

export type DemoAuthorKey = keyof typeof demoAuthors | 'amira';
