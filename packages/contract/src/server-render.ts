import type { languages } from './values.ts';

type Language = (typeof languages)[number];

/**
 * What the web build's server render (apps/web/src/entry-server.tsx, built into dist/server/entry-server.js)
 * offers the API (apps/api/src/plugins/web-app.ts), which loads it at start.
 */
export type ServerRender = {
  configure(options: ServerRenderOptions): void;
  /** The page, or null when it is left to the browser (a personal screen, a loader's redirect or error). */
  render(request: PageRequest): Promise<RenderedPage | null>;
  /**
   * The address a page is rendered at and kept under: its path with only the query parameters its screen reads,
   * normalised (`/book?utm=1&page=01` → `/book?page=1`); every unknown path gives the one not-found page's.
   */
  pageUrl(url: string): string;
};

export type ServerRenderOptions = {
  /** Answers the API calls of a render: the API itself, in process. */
  fetch: typeof fetch;
  /** Reads one namespace of the translations (@hls/locales, or the API's LOCALES_DIR). */
  translations: (language: Language, namespace: string) => Promise<object>;
};

export type PageRequest = {
  /** Path and query of the page. */
  url: string;
  language: Language;
  /** Origin of the page's absolute links (scheme, host, port): the site's public address, never the Host asked. */
  origin: string;
};

export type RenderedPage = {
  status: number;
  /** Document title ("Title | HLS") and meta description of the page. */
  title: string;
  description: string | null;
  /** The markup of #root. */
  html: string;
  /** The page's data for the browser, as JSON safe to put inside a <script> element (SERVER_DATA_ID). */
  data: string;
  /** Same-origin files the browser fetches before it can hydrate (the page's translations): to preload. */
  preload: string[];
};

/** Id of the <script type="application/json"> element that holds a server-rendered page's data. */
export const SERVER_DATA_ID = 'hls-server-data';
