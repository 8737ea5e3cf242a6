import { walkPublicScreens } from './public-screens.ts';

// Runs in the "desktop" project (1280 px): every public screen and product page fits and passes axe.
walkPublicScreens('desktop');
