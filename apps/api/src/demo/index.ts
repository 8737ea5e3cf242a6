/**
 * The demo data set, outside the shop's modules: `npm run seed`, and the server's start outside production
 * (SEED_DEMO), load it to seed; production code never imports it (eslint.boundaries.js, decision 0024).
 */
export { DEMO_PASSWORD } from './demo.dataset.ts';
export { seedDemo, type DemoSeedResult } from './demo.seed.ts';
