/**
 * The namespaces of the translations, each a file `{lng}/{ns}.json` in French and English. Imported by the
 * browser too: values only, nothing of Node.
 */

/** What the web app loads, `common` (the shell's) first; the API also reads `validation` and `checkout`. */
export const webNamespaces = [
  'common',
  'auth',
  'account',
  'validation',
  'errors',
  'toast',
  'catalog',
  'shop',
  'pages',
  'checkout',
  'orders',
  'downloads',
  'backoffice',
  'authoring',
  'editorial',
  'royalties',
  'reviews',
  'tax',
] as const;

/** Every namespace: the web app's, and the e-mails' words (`mail`), which only the API reads. */
export const namespaces = [...webNamespaces, 'mail'] as const;

export type Namespace = (typeof namespaces)[number];
export type WebNamespace = (typeof webNamespaces)[number];
