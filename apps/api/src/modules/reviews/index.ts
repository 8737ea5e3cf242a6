/** What other modules, the commands and the bench may use of the reviews module besides `app.reviews`. */
export type { ReviewsService } from './reviews.service.ts';
