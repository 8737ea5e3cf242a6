/** What other modules and the commands may use of the submissions module besides `app.submissions`. */
export type { AdoptedProduct } from './submissions.adopt.ts';
