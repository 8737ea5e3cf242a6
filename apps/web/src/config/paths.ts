/** Every route of the app, built in one place. `path` is the router pattern, `getHref` builds a link. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  book: { path: '/product/:id', getHref: (id: string | number) => `/product/${id}` },
  file: { path: '/prodoc/:id', getHref: (id: string | number) => `/prodoc/${id}` },
  academic: { path: '/academic', getHref: () => '/academic' },
  professional: { path: '/professionnel', getHref: () => '/professionnel' },
  bookshop: { path: '/book', getHref: () => '/book' },
  download: { path: '/download', getHref: () => '/download' },
  about: { path: '/about', getHref: () => '/about' },
  contact: { path: '/contact', getHref: () => '/contact' },
  myAccount: { path: '/my-account', getHref: () => '/my-account' },
  fileBook: { path: '/file-book', getHref: () => '/file-book' },
  fileProposed: { path: '/file-proposed', getHref: () => '/file-proposed' },
  bookProposed: { path: '/book-proposed', getHref: () => '/book-proposed' },
  authorProduct: { path: '/author-product', getHref: () => '/author-product' },
  authorPayment: { path: '/author-payment', getHref: () => '/author-payment' },
  customerOrders: { path: '/customer-commande', getHref: () => '/customer-commande' },
  loginRegister: {
    path: '/login-register',
    getHref: (tab?: 'login' | 'register') =>
      tab === 'register' ? '/login-register?tab=register' : '/login-register',
  },
  passwordResetConfirm: {
    path: '/password/reset/confirm/',
    pathWithToken: '/password/reset/confirm/:token',
    getHref: (token?: string) =>
      token ? `/password/reset/confirm/${encodeURIComponent(token)}` : '/password/reset/confirm/',
  },
  cart: { path: '/cart', getHref: () => '/cart' },
  wishlist: { path: '/wishlist', getHref: () => '/wishlist' },
  compare: { path: '/compare', getHref: () => '/compare' },
  terms: { path: '/terms', getHref: () => '/terms' },
  legals: { path: '/legals', getHref: () => '/legals' },
  publish: { path: '/publish', getHref: (tips?: boolean) => (tips ? '/publish#tips' : '/publish') },
  checkout: { path: '/checkout', getHref: () => '/checkout' },
} as const;

/** Query parameter the list screens read for a free-text search. */
export const SEARCH_PARAM = 'search';
