import type { GoalFigures } from './goals.ts';

// What a scenario of `npm run bench` reports beside its figures: whether its targets were met, and what is broken.
export type Verdict = {
  /** Every target met (a figure fast enough); not judged in smoke mode. */
  pass: boolean;
  /** What does not work, one line each: a non-2xx answer, a failed step, a wrong count, a failed render. */
  broken: string[];
  /** The figures it gives the goals' table (goals.ts). */
  figures?: GoalFigures;
};
