import { paths } from '@/config/paths';

/** Main menu of SPEC §2, shared by the desktop header and the mobile off-canvas menu. */
export const mainNavItems = [
  { to: paths.home.getHref(), labelKey: 'nav.home', end: true },
  { to: paths.about.getHref(), labelKey: 'nav.about', end: false },
  { to: paths.academic.getHref(), labelKey: 'nav.student', end: false },
  { to: paths.professional.getHref(), labelKey: 'nav.pro', end: false },
  { to: paths.bookshop.getHref(), labelKey: 'nav.bookshop', end: false },
] as const;
