import { walkProductFacts } from './product-facts.ts';

// Runs in the desktop project (1280 px): the facts of each kind of product page, the cart, checkout and /publish.
walkProductFacts('desktop');
