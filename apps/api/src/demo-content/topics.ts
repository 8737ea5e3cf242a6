import type { Language } from '@hls/contract';

/** Subject matter of the generated sample documents, in both languages. */
export const topics = ['finance', 'computing', 'law', 'management'] as const;
export type Topic = (typeof topics)[number];

export type TopicSection = { heading: string; paragraphs: string[]; bullets?: string[] };

export type TopicText = {
  name: string;
  abstract: string;
  sections: TopicSection[];
  table: { caption: string; rows: string[][] };
  exercise: { question: string; answer: string[] };
};

const fr: Record<Topic, TopicText> = {
  finance: {
    name: 'Gestion financière',
    abstract:
      'Ce document présente les outils de base de la gestion financière de l’entreprise\u202f: lecture du bilan, analyse du compte de résultat, calcul du besoin en fonds de roulement et des principaux ratios. Il s’adresse à l’étudiant de licence comme au professionnel qui prépare un diagnostic.',
    sections: [
      {
        heading: 'Le bilan comptable',
        paragraphs: [
          'Le bilan décrit, à une date donnée, ce que l’entreprise possède (l’actif) et la manière dont ces biens sont financés (le passif). En comptabilité française, l’actif distingue l’actif immobilisé, durable, et l’actif circulant, qui se renouvelle au rythme du cycle d’exploitation.',
          'Au passif, les capitaux propres représentent les ressources apportées ou laissées par les associés\u202f; les dettes financières et les dettes d’exploitation complètent le financement. Un bilan équilibré finance les emplois durables par des ressources durables.',
        ],
        bullets: [
          'Actif immobilisé\u202f: immobilisations incorporelles, corporelles et financières.',
          'Actif circulant\u202f: stocks, créances clients, disponibilités.',
          'Passif\u202f: capitaux propres, provisions, dettes financières et dettes fournisseurs.',
        ],
      },
      {
        heading: 'Le fonds de roulement et le besoin en fonds de roulement',
        paragraphs: [
          'Le fonds de roulement net global (FRNG) est l’excédent des ressources stables sur les emplois stables. Il finance une partie du cycle d’exploitation.',
          'Le besoin en fonds de roulement (BFR) mesure le décalage entre les encaissements et les décaissements liés à l’activité\u202f: stocks plus créances clients, moins dettes fournisseurs. La trésorerie nette est égale à FRNG moins BFR.',
        ],
      },
      {
        heading: 'Les ratios essentiels',
        paragraphs: [
          'Les ratios permettent de comparer l’entreprise à son secteur et d’en suivre l’évolution. On retient en priorité les ratios de rentabilité, de structure financière et de liquidité.',
        ],
        bullets: [
          'Rentabilité économique = résultat d’exploitation / actif économique.',
          'Rentabilité financière = résultat net / capitaux propres.',
          'Autonomie financière = capitaux propres / total du passif.',
          'Délai de paiement clients = créances clients / chiffre d’affaires TTC × 360.',
        ],
      },
      {
        heading: 'Du diagnostic à la décision',
        paragraphs: [
          'Un diagnostic financier utile ne se limite pas au calcul\u202f: il explique les écarts, relie les chiffres à la stratégie et propose des actions concrètes, par exemple renégocier les délais fournisseurs ou réduire les stocks dormants.',
        ],
      },
    ],
    table: {
      caption: 'Tableau 1 – Bilan fonctionnel simplifié (en milliers d’euros)',
      rows: [
        ['Poste', 'N-1', 'N', 'Variation'],
        ['Ressources stables', '1 250', '1 410', '+160'],
        ['Emplois stables', '980', '1 060', '+80'],
        ['Fonds de roulement', '270', '350', '+80'],
        ['Besoin en fonds de roulement', '210', '305', '+95'],
        ['Trésorerie nette', '60', '45', '-15'],
      ],
    },
    exercise: {
      question:
        'Exercice corrigé. Une entreprise présente des stocks de 120 k€, des créances clients de 210 k€ et des dettes fournisseurs de 145 k€. Ses ressources stables s’élèvent à 900 k€ et ses emplois stables à 700 k€. Calculez le BFR, le FRNG et la trésorerie nette.',
      answer: [
        'BFR = 120 + 210 - 145 = 185 k€.',
        'FRNG = 900 - 700 = 200 k€.',
        'Trésorerie nette = 200 - 185 = 15 k€\u202f: la situation est saine mais tendue.',
      ],
    },
  },
  computing: {
    name: 'Bases de données relationnelles',
    abstract:
      'Ce support couvre la conception et l’interrogation des bases de données relationnelles\u202f: modèle entité-association, passage au modèle relationnel, normalisation et langage SQL. Chaque notion est illustrée par un exemple de gestion d’une bibliothèque universitaire.',
    sections: [
      {
        heading: 'Du modèle conceptuel au schéma relationnel',
        paragraphs: [
          'La conception commence par l’identification des entités (Étudiant, Livre, Emprunt) et de leurs associations. Chaque entité devient une table\u202f; chaque association de cardinalité plusieurs-à-plusieurs devient une table de liaison portant les deux clés étrangères.',
          'Le choix des clés primaires est décisif\u202f: une clé technique (un entier ou un UUID) évite de dépendre d’informations susceptibles de changer, comme une adresse électronique.',
        ],
      },
      {
        heading: 'La normalisation',
        paragraphs: [
          'Normaliser, c’est éliminer les redondances qui provoquent des anomalies de mise à jour. En pratique, on vise la troisième forme normale.',
        ],
        bullets: [
          '1FN\u202f: chaque attribut contient une valeur atomique.',
          '2FN\u202f: tout attribut non clé dépend de toute la clé.',
          '3FN\u202f: aucun attribut non clé ne dépend d’un autre attribut non clé.',
        ],
      },
      {
        heading: 'Interroger avec SQL',
        paragraphs: [
          'La requête SELECT combine projection, sélection et jointure. Les fonctions d’agrégation (COUNT, SUM, AVG) associées à GROUP BY produisent des statistiques\u202f; HAVING filtre les groupes obtenus.',
          'Les index accélèrent la recherche mais ralentissent les écritures\u202f: on indexe les colonnes utilisées dans les jointures et les filtres fréquents, pas toutes les colonnes.',
        ],
      },
      {
        heading: 'Transactions et intégrité',
        paragraphs: [
          'Une transaction regroupe des opérations qui réussissent ou échouent ensemble (propriétés ACID). Les contraintes d’intégrité — clés étrangères, unicité, vérifications — protègent les données même lorsque l’application comporte une erreur.',
        ],
      },
    ],
    table: {
      caption: 'Tableau 1 – Principales clauses SQL',
      rows: [
        ['Clause', 'Rôle', 'Exemple'],
        ['WHERE', 'filtre les lignes', "WHERE ville = 'Tunis'"],
        ['JOIN', 'relie deux tables', 'JOIN emprunt ON ...'],
        ['GROUP BY', 'regroupe pour agréger', 'GROUP BY etudiant_id'],
        ['ORDER BY', 'trie le résultat', 'ORDER BY date_retour DESC'],
      ],
    },
    exercise: {
      question:
        'Exercice corrigé. Écrivez la requête qui affiche, pour chaque étudiant, le nombre d’emprunts en cours, en ne gardant que les étudiants ayant plus de deux emprunts.',
      answer: [
        'SELECT e.nom, COUNT(*) AS emprunts FROM etudiant e JOIN emprunt p ON p.etudiant_id = e.id',
        'WHERE p.date_retour IS NULL GROUP BY e.nom HAVING COUNT(*) > 2;',
      ],
    },
  },
  law: {
    name: 'Droit des contrats',
    abstract:
      'Ce cours expose les conditions de formation du contrat, ses effets entre les parties et les sanctions de l’inexécution, à la lumière de la réforme du droit des obligations. Des cas pratiques corrigés accompagnent chaque partie.',
    sections: [
      {
        heading: 'La formation du contrat',
        paragraphs: [
          'Le contrat se forme par la rencontre d’une offre et d’une acceptation. Sa validité suppose le consentement des parties, leur capacité de contracter et un contenu licite et certain.',
          'Le consentement doit être libre et éclairé\u202f: l’erreur, le dol et la violence sont des vices du consentement qui permettent de demander la nullité du contrat.',
        ],
      },
      {
        heading: 'Les effets du contrat',
        paragraphs: [
          'Le contrat légalement formé tient lieu de loi à ceux qui l’ont fait. Il ne peut être modifié ou révoqué que du consentement mutuel des parties, ou pour les causes que la loi autorise.',
        ],
        bullets: [
          'Force obligatoire\u202f: chaque partie doit exécuter ses engagements.',
          'Effet relatif\u202f: le contrat ne crée d’obligations qu’entre les parties.',
          'Bonne foi\u202f: elle s’impose de la négociation à l’exécution.',
        ],
      },
      {
        heading: 'L’inexécution du contrat',
        paragraphs: [
          'Face à l’inexécution, le créancier dispose de plusieurs remèdes\u202f: l’exception d’inexécution, l’exécution forcée en nature, la réduction du prix, la résolution du contrat et la réparation du préjudice.',
          'La force majeure, événement échappant au contrôle du débiteur, imprévisible et irrésistible, libère celui-ci de sa responsabilité.',
        ],
      },
    ],
    table: {
      caption: 'Tableau 1 – Les sanctions de l’inexécution',
      rows: [
        ['Sanction', 'Condition', 'Effet'],
        ['Exception d’inexécution', 'inexécution suffisamment grave', 'suspension de sa propre obligation'],
        ['Réduction du prix', 'exécution imparfaite', 'prix diminué proportionnellement'],
        ['Résolution', 'inexécution grave', 'fin du contrat'],
        ['Dommages et intérêts', 'préjudice prouvé', 'réparation'],
      ],
    },
    exercise: {
      question:
        'Cas pratique corrigé. Un fournisseur livre avec trois semaines de retard un logiciel commandé pour l’ouverture d’un magasin. Le client peut-il refuser de payer\u202f?',
      answer: [
        'Le client peut invoquer l’exception d’inexécution si le retard est suffisamment grave.',
        'Il peut aussi demander des dommages et intérêts pour le manque à gagner, s’il en prouve l’existence.',
      ],
    },
  },
  management: {
    name: 'Management de projet',
    abstract:
      'Ce document présente les méthodes de conduite de projet utilisées en entreprise\u202f: cadrage, planification, gestion des risques, pilotage par les indicateurs et clôture. Il propose des modèles prêts à l’emploi et un exemple commenté.',
    sections: [
      {
        heading: 'Cadrer le projet',
        paragraphs: [
          'Le cadrage fixe les objectifs, le périmètre, les livrables et les contraintes de coût et de délai. La note de cadrage, validée par le commanditaire, sert de référence tout au long du projet.',
        ],
        bullets: [
          'Objectifs mesurables (méthode SMART).',
          'Périmètre\u202f: ce qui est inclus et ce qui est exclu.',
          'Parties prenantes et circuit de décision.',
        ],
      },
      {
        heading: 'Planifier et piloter',
        paragraphs: [
          'Le découpage du projet en lots de travail permet d’estimer les charges et d’établir un planning. Le diagramme de Gantt visualise les tâches et leurs dépendances\u202f; le chemin critique indique les tâches dont le retard décale la fin du projet.',
          'Le pilotage s’appuie sur quelques indicateurs suivis chaque semaine\u202f: avancement réel, consommation du budget, risques ouverts et décisions en attente.',
        ],
      },
      {
        heading: 'Gérer les risques',
        paragraphs: [
          'Un risque se caractérise par sa probabilité et son impact. Pour chaque risque majeur, l’équipe définit une action de prévention et un responsable, puis réévalue le registre des risques à chaque comité.',
        ],
      },
      {
        heading: 'Clore et capitaliser',
        paragraphs: [
          'La clôture comprend la recette des livrables, le bilan financier et un retour d’expérience. Les enseignements sont consignés pour les projets suivants.',
        ],
      },
    ],
    table: {
      caption: 'Tableau 1 – Exemple de tableau de bord hebdomadaire',
      rows: [
        ['Indicateur', 'Cible', 'Réel', 'Tendance'],
        ['Avancement', '60 %', '55 %', 'à surveiller'],
        ['Budget consommé', '58 %', '52 %', 'favorable'],
        ['Risques critiques', '0', '1', 'action en cours'],
        ['Jalons tenus', '4 / 4', '3 / 4', 'retard de 5 jours'],
      ],
    },
    exercise: {
      question:
        'Exercice corrigé. Une tâche critique de 10 jours prend 4 jours de retard. Quelle est la conséquence sur la date de fin, et quelles actions proposer\u202f?',
      answer: [
        'Une tâche du chemin critique décale la fin du projet du même retard\u202f: 4 jours.',
        'Actions possibles\u202f: renforcer l’équipe sur la tâche, paralléliser les tâches suivantes ou réduire le périmètre avec le commanditaire.',
      ],
    },
  },
};

const en: Record<Topic, TopicText> = {
  finance: {
    name: 'Financial management',
    abstract:
      'This document introduces the core tools of corporate financial management: reading the balance sheet, analysing the income statement, computing working capital requirements and the key ratios. It is written for undergraduate students and for professionals preparing a financial review.',
    sections: [
      {
        heading: 'The balance sheet',
        paragraphs: [
          'The balance sheet shows, at a given date, what the business owns (its assets) and how those assets are financed (its liabilities and equity). Non-current assets are held for the long term; current assets turn over with the operating cycle.',
          'Equity is what the shareholders contributed or left in the business; borrowings and trade payables complete the financing. A sound balance sheet funds long-term assets with long-term resources.',
        ],
        bullets: [
          'Non-current assets: intangible assets, property, plant and equipment, investments.',
          'Current assets: inventory, trade receivables, cash.',
          'Liabilities: borrowings, provisions, trade payables.',
        ],
      },
      {
        heading: 'Working capital',
        paragraphs: [
          'Net working capital is the excess of long-term funding over long-term assets. It pays for part of the operating cycle.',
          'The working capital requirement measures the gap between cash coming in and cash going out in day-to-day operations: inventory plus receivables, less payables. Net cash equals working capital minus the requirement.',
        ],
      },
      {
        heading: 'Key ratios',
        paragraphs: [
          'Ratios let you compare a business with its sector and follow its trend over time. Start with profitability, financial structure and liquidity.',
        ],
        bullets: [
          'Return on capital employed = operating profit / capital employed.',
          'Return on equity = net profit / equity.',
          'Gearing = net debt / equity.',
          'Debtor days = trade receivables / sales × 365.',
        ],
      },
      {
        heading: 'From analysis to decision',
        paragraphs: [
          'A useful financial review explains the figures, links them to the strategy and proposes concrete actions, such as renegotiating supplier terms or reducing slow-moving stock.',
        ],
      },
    ],
    table: {
      caption: 'Table 1 – Simplified functional balance sheet (EUR thousands)',
      rows: [
        ['Item', 'Prior year', 'Current year', 'Change'],
        ['Long-term funding', '1,250', '1,410', '+160'],
        ['Long-term assets', '980', '1,060', '+80'],
        ['Working capital', '270', '350', '+80'],
        ['Working capital requirement', '210', '305', '+95'],
        ['Net cash', '60', '45', '-15'],
      ],
    },
    exercise: {
      question:
        'Worked exercise. A company holds EUR 120k of inventory and EUR 210k of receivables and owes EUR 145k to suppliers. Its long-term funding is EUR 900k and its long-term assets EUR 700k. Compute the working capital requirement, the working capital and the net cash.',
      answer: [
        'Requirement = 120 + 210 - 145 = EUR 185k.',
        'Working capital = 900 - 700 = EUR 200k.',
        'Net cash = 200 - 185 = EUR 15k: healthy, but tight.',
      ],
    },
  },
  computing: {
    name: 'Relational databases',
    abstract:
      'These notes cover the design and querying of relational databases: the entity-relationship model, mapping to tables, normalisation and SQL. Every concept is illustrated with a university library example.',
    sections: [
      {
        heading: 'From conceptual model to schema',
        paragraphs: [
          'Design starts by identifying the entities (Student, Book, Loan) and their relationships. Each entity becomes a table; each many-to-many relationship becomes a join table holding both foreign keys.',
          'Choosing primary keys matters: a surrogate key (an integer or a UUID) avoids depending on data that may change, such as an e-mail address.',
        ],
      },
      {
        heading: 'Normalisation',
        paragraphs: [
          'Normalising removes the redundancy that causes update anomalies. In practice, aim for the third normal form.',
        ],
        bullets: [
          '1NF: every attribute holds an atomic value.',
          '2NF: every non-key attribute depends on the whole key.',
          '3NF: no non-key attribute depends on another non-key attribute.',
        ],
      },
      {
        heading: 'Querying with SQL',
        paragraphs: [
          'A SELECT combines projection, selection and joins. Aggregate functions (COUNT, SUM, AVG) with GROUP BY produce statistics; HAVING filters the groups.',
          'Indexes speed up reads but slow down writes: index the columns used in joins and frequent filters, not every column.',
        ],
      },
      {
        heading: 'Transactions and integrity',
        paragraphs: [
          'A transaction groups operations that succeed or fail together (the ACID properties). Integrity constraints — foreign keys, uniqueness, checks — protect the data even when the application has a bug.',
        ],
      },
    ],
    table: {
      caption: 'Table 1 – Main SQL clauses',
      rows: [
        ['Clause', 'Purpose', 'Example'],
        ['WHERE', 'filters rows', "WHERE city = 'Leeds'"],
        ['JOIN', 'links two tables', 'JOIN loan ON ...'],
        ['GROUP BY', 'groups for aggregation', 'GROUP BY student_id'],
        ['ORDER BY', 'sorts the result', 'ORDER BY due_date DESC'],
      ],
    },
    exercise: {
      question:
        'Worked exercise. Write the query listing, for each student, the number of open loans, keeping only students with more than two.',
      answer: [
        'SELECT s.name, COUNT(*) AS loans FROM student s JOIN loan l ON l.student_id = s.id',
        'WHERE l.returned_at IS NULL GROUP BY s.name HAVING COUNT(*) > 2;',
      ],
    },
  },
  law: {
    name: 'Contract law',
    abstract:
      'This course sets out how a contract is formed, what it binds the parties to and the remedies for breach under English law. Each part ends with a worked problem question.',
    sections: [
      {
        heading: 'Formation of a contract',
        paragraphs: [
          'A contract is formed when an offer is accepted, supported by consideration, with an intention to create legal relations. Certainty of terms is required: the courts will not enforce an agreement too vague to be applied.',
          'Misrepresentation, duress and undue influence may make a contract voidable, allowing the innocent party to rescind it.',
        ],
      },
      {
        heading: 'Terms and their effect',
        paragraphs: [
          'Terms may be express or implied. Conditions go to the root of the contract; warranties are minor terms; innominate terms are classified by the seriousness of the breach.',
        ],
        bullets: [
          'Privity: only the parties can enforce the contract, subject to statutory exceptions.',
          'Exclusion clauses must be incorporated and pass the reasonableness test.',
          'Implied terms fill gaps the parties obviously intended.',
        ],
      },
      {
        heading: 'Breach and remedies',
        paragraphs: [
          'Damages aim to put the claimant in the position they would have been in had the contract been performed, within the limits of remoteness and mitigation.',
          'Specific performance and injunctions are discretionary remedies, granted when damages would be inadequate. Frustration discharges a contract when an unforeseen event makes performance impossible or radically different.',
        ],
      },
    ],
    table: {
      caption: 'Table 1 – Remedies for breach',
      rows: [
        ['Remedy', 'When', 'Effect'],
        ['Damages', 'any breach causing loss', 'compensation'],
        ['Termination', 'breach of condition', 'end of future obligations'],
        ['Specific performance', 'damages inadequate', 'order to perform'],
        ['Injunction', 'negative covenant', 'order to refrain'],
      ],
    },
    exercise: {
      question:
        'Worked problem. A supplier delivers shop software three weeks late, after the opening date. Can the retailer refuse to pay?',
      answer: [
        'If time was of the essence, the delay is a breach of condition and the retailer may terminate.',
        'Otherwise the retailer must pay but may claim damages for the lost profit it can prove.',
      ],
    },
  },
  management: {
    name: 'Project management',
    abstract:
      'This document presents the project management methods used in business: scoping, planning, risk management, steering with indicators and closure. It includes ready-to-use templates and a worked example.',
    sections: [
      {
        heading: 'Scoping the project',
        paragraphs: [
          'Scoping sets the objectives, the scope, the deliverables and the cost and time constraints. The project charter, signed off by the sponsor, is the reference for the whole project.',
        ],
        bullets: [
          'Measurable objectives (SMART).',
          'Scope: what is in and what is out.',
          'Stakeholders and decision path.',
        ],
      },
      {
        heading: 'Planning and steering',
        paragraphs: [
          'Breaking the project into work packages makes it possible to estimate effort and build a schedule. A Gantt chart shows tasks and their dependencies; the critical path shows the tasks whose delay moves the end date.',
          'Steering relies on a few indicators reviewed weekly: actual progress, budget consumed, open risks and pending decisions.',
        ],
      },
      {
        heading: 'Managing risks',
        paragraphs: [
          'A risk has a probability and an impact. For each major risk the team agrees a preventive action and an owner, then reviews the risk register at every steering meeting.',
        ],
      },
      {
        heading: 'Closing and learning',
        paragraphs: [
          'Closure covers acceptance of the deliverables, the financial review and a lessons-learned session. The findings are recorded for the next projects.',
        ],
      },
    ],
    table: {
      caption: 'Table 1 – Example weekly dashboard',
      rows: [
        ['Indicator', 'Target', 'Actual', 'Trend'],
        ['Progress', '60%', '55%', 'watch'],
        ['Budget consumed', '58%', '52%', 'favourable'],
        ['Critical risks', '0', '1', 'action under way'],
        ['Milestones met', '4 / 4', '3 / 4', '5 days late'],
      ],
    },
    exercise: {
      question:
        'Worked exercise. A 10-day critical task runs 4 days late. What happens to the end date, and what would you propose?',
      answer: [
        'A task on the critical path moves the end date by the same delay: 4 days.',
        'Options: add people to the task, run the next tasks in parallel, or agree a smaller scope with the sponsor.',
      ],
    },
  },
};

export const topicTexts: Record<Language, Record<Topic, TopicText>> = { fr, en };
