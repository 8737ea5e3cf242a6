import type { QueueItem, ReviewSubmission, SubmissionValues, SubmissionVersion } from '@hls/contract';

export const editor = { id: '00000000-0000-4000-8000-0000000000e1', role: 'editor' as const };

export function makeValues(overrides: Partial<SubmissionValues> = {}): SubmissionValues {
  return {
    title: 'Tableau de bord de trésorerie',
    description: 'A cash-flow dashboard for small firms, with monthly charts and a forecast sheet.',
    language: 'en',
    categoryId: 3,
    subcategoryId: null,
    categoryName: { fr: 'Finance', en: 'Finance' },
    subcategoryName: null,
    paperPriceCents: null,
    ebookPriceCents: null,
    isbn: null,
    pages: null,
    fileType: 'excel',
    priceCents: 2900,
    rights: null,
    licence: null,
    confidential: false,
    publisher: null,
    publicationDate: null,
    sheets: null,
    slides: null,
    archiveParts: [],
    software: [],
    usage: null,
    twinProductId: null,
    files: [
      {
        id: '00000000-0000-4000-8000-0000000000f1',
        slot: 'file',
        originalName: 'dashboard.xlsx',
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        sizeBytes: 48_000,
        sha256: 'a'.repeat(64),
        epubReport: null,
        width: null,
        height: null,
        pages: null,
        flags: ['macros'],
        url: '/api/submissions/s1/files/f1',
        uploadedAt: '2026-11-20T09:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function makeVersion(number: number, overrides: Partial<SubmissionValues> = {}): SubmissionVersion {
  return {
    number,
    createdAt: `2026-11-2${number}T09:00:00.000Z`,
    note: null,
    values: makeValues(overrides),
  };
}

export function makeReview(overrides: Partial<ReviewSubmission> = {}): ReviewSubmission {
  const history = overrides.history ?? [makeVersion(1)];
  return {
    id: '00000000-0000-4000-8000-000000000051',
    kind: 'file',
    section: 'professional',
    title: history[0]?.values.title ?? 'Untitled',
    language: history[0]?.values.language ?? null,
    coverUrl: null,
    status: 'in_review',
    productId: null,
    versions: history.length,
    lastDecision: null,
    salesCount: 0,
    unpublishRequested: false,
    updatedAt: '2026-11-22T09:00:00.000Z',
    working: history[0]?.values ?? makeValues(),
    history,
    events: [
      {
        id: 1,
        at: '2026-11-21T09:00:00.000Z',
        kind: 'submitted',
        version: 1,
        comment: null,
        actor: 'author',
        actorName: null,
      },
    ],
    actions: { edit: false, submit: false, resubmit: false, withdraw: false, requestUnpublish: false },
    createdAt: '2026-11-20T09:00:00.000Z',
    author: { id: 'author-1', name: 'Camille Durand', email: 'camille@example.test', language: 'fr' },
    claimedBy: { id: editor.id, name: 'Eve Editor' },
    changes: [],
    reports: [],
    paperStock: null,
    ...overrides,
  };
}

export function makeQueueItem(overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    id: '00000000-0000-4000-8000-000000000051',
    kind: 'file',
    section: 'academic',
    language: 'fr',
    title: 'Rapport de stage confidentiel',
    authorName: 'Camille Durand',
    status: 'submitted',
    version: 2,
    submittedAt: '2026-11-21T09:00:00.000Z',
    claimedBy: null,
    flags: ['confidential', 'external_links'],
    openReports: 0,
    ...overrides,
  };
}
