/** What other modules may use of the author-news module besides `app.authorNews`. */
export type { AuthorNews } from './author-news.plugin.ts';
export type { SoldLine } from './author-news.notices.ts';
