import { walkProductFacts } from './product-facts.ts';

// Runs in the "mobile" project (360 px, touch): the same facts fit a phone, in both languages.
walkProductFacts('phone');
