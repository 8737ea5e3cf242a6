import { vi } from 'vitest';
import type { AuthorProduct, Submission, SubmissionFile, SubmissionValues } from '@hls/contract';
import { jsonResponse } from '@/testing/test-utils';

export const submissionId = '3f0c6a4e-6c1b-4d8e-9a51-2b7f1c9d0e11';

export function makeFile(overrides: Partial<SubmissionFile> = {}): SubmissionFile {
  return {
    id: 'a1c0e2f4-0000-4000-8000-000000000001',
    slot: 'file',
    originalName: 'budget.xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    sizeBytes: 48_200,
    sha256: 'ab'.repeat(32),
    epubReport: null,
    width: null,
    height: null,
    pages: null,
    flags: [],
    url: `/api/submissions/${submissionId}/files/a1c0e2f4-0000-4000-8000-000000000001`,
    uploadedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeValues(overrides: Partial<SubmissionValues> = {}): SubmissionValues {
  return {
    title: 'Budget dashboard',
    description: 'A monthly budget dashboard for small teams, with charts.',
    language: 'en',
    categoryId: 11,
    subcategoryId: null,
    categoryName: { fr: 'Finance', en: 'Finance' },
    subcategoryName: null,
    paperPriceCents: null,
    ebookPriceCents: null,
    isbn: null,
    pages: null,
    fileType: 'excel',
    priceCents: 1900,
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
    files: [makeFile()],
    ...overrides,
  };
}

export function makeSubmission(overrides: Partial<Submission> = {}): Submission {
  const values = makeValues();
  return {
    id: submissionId,
    kind: 'file',
    section: 'professional',
    title: 'Budget dashboard',
    language: 'en',
    coverUrl: null,
    status: 'changes_requested',
    productId: null,
    versions: 1,
    lastDecision: {
      kind: 'changes_requested',
      comment: 'Add a sheet that explains the formulas.',
      at: '2026-11-21T09:00:00.000Z',
    },
    salesCount: 0,
    unpublishRequested: false,
    updatedAt: '2026-11-21T09:00:00.000Z',
    working: values,
    history: [{ number: 1, createdAt: '2026-11-20T10:05:00.000Z', note: null, values }],
    events: [
      {
        id: 1,
        at: '2026-11-20T10:00:00.000Z',
        kind: 'created',
        version: null,
        comment: null,
        actor: 'author',
        actorName: null,
      },
      {
        id: 2,
        at: '2026-11-20T10:05:00.000Z',
        kind: 'submitted',
        version: 1,
        comment: null,
        actor: 'author',
        actorName: null,
      },
      {
        id: 3,
        at: '2026-11-21T09:00:00.000Z',
        kind: 'changes_requested',
        version: 1,
        comment: 'Add a sheet that explains the formulas.',
        actor: 'editor',
        actorName: 'Nadia (editor)',
      },
    ],
    actions: { edit: true, submit: false, resubmit: true, withdraw: true, requestUnpublish: false },
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function toProduct(submission: Submission): AuthorProduct {
  const { working: _w, history: _h, events: _e, actions: _a, createdAt: _c, ...product } = submission;
  return product;
}

export type Call = { method: string; path: string; body: unknown; form: FormData | null; headers: Headers };
type Handler = (call: Call) => Response | Promise<Response>;

/**
 * Answers the app's fetch calls like `testing/fake-api.ts`, also for multipart bodies (kept as FormData), which
 * the proposals send.
 */
export function fakeAuthoringApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const compiled = Object.entries(routes).map(([key, handler]) => {
    const [method, path] = key.split(' ') as [string, string];
    return { method, path: new RegExp(`^${path}$`), handler };
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(request.url);
      const type = request.headers.get('content-type') ?? '';
      let body: unknown;
      let form: FormData | null = null;
      if (request.method !== 'GET' && type.includes('multipart/form-data'))
        form = await request.clone().formData();
      else if (request.method !== 'GET') {
        const text = await request.clone().text();
        body = text ? (JSON.parse(text) as unknown) : undefined;
      }
      const call = { method: request.method, path: url.pathname, body, form, headers: request.headers };
      calls.push(call);
      const route = compiled.find((r) => r.method === request.method && r.path.test(url.pathname));
      if (!route) return jsonResponse(404, { error: { code: 'not_found', message: 'Not found.' } });
      return route.handler(call);
    }),
  );
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

type FakeXhrAnswer = { status: number; body: unknown; steps?: number };

/**
 * A stand-in for XMLHttpRequest that reports upload progress in `steps` events before answering, so a test sees
 * the progress bar move.
 */
export function fakeXhr(answer: (url: string) => FakeXhrAnswer) {
  const sent: { method: string; url: string; headers: Record<string, string>; body: FormData }[] = [];
  const progress: number[] = [];
  class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      sent.push({ method: this.method, url: this.url, headers: this.headers, body });
      const file = body.get('file') as File;
      const { status, body: reply, steps = 4 } = answer(this.url);
      let step = 0;
      const tick = () => {
        step += 1;
        const loaded = Math.round((file.size * step) / steps);
        progress.push(loaded);
        this.upload.onprogress?.({ loaded, total: file.size, lengthComputable: true });
        if (step < steps) setTimeout(tick, 5);
        else
          setTimeout(() => {
            this.status = status;
            this.responseText = JSON.stringify(reply);
            this.onload?.();
          }, 5);
      };
      setTimeout(tick, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { sent, progress };
}
