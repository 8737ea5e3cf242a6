import { walkPublicScreens } from './public-screens.ts';

// Runs in the "mobile" project (360 px, touch): every public screen and product page fits and passes axe.
walkPublicScreens('phone');
