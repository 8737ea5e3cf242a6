import type { Role } from '@hls/contract';
import { paths } from '@/config/paths';

/** Main menu of SPEC §2, shared by the desktop header and the mobile off-canvas menu. */
export const mainNavItems = [
  { to: paths.home.getHref(), labelKey: 'nav.home', end: true },
  { to: paths.about.getHref(), labelKey: 'nav.about', end: false },
  { to: paths.academic.getHref(), labelKey: 'nav.student', end: false },
  { to: paths.professional.getHref(), labelKey: 'nav.pro', end: false },
  { to: paths.bookshop.getHref(), labelKey: 'nav.bookshop', end: false },
] as const;

/**
 * The account menu's entries of a logged-in user by role (SPEC §2), before "Log out": everyone's account and
 * orders; authors their products and paid products; editors and admins the back office (the users for admins).
 */
export function accountNavItems(role: Role | null) {
  const items: { to: string; labelKey: string }[] = [
    { to: paths.myAccount.getHref(), labelKey: 'account.myAccount' },
    { to: paths.customerOrders.getHref(), labelKey: 'account.myOrders' },
  ];
  if (role === 'author') {
    items.push(
      { to: paths.fileBook.getHref(), labelKey: 'account.myProducts' },
      { to: paths.authorPayment.getHref(), labelKey: 'account.paidProducts' },
    );
  }
  if (role === 'editor' || role === 'admin') {
    items.push(
      { to: paths.backOfficeEditorial.getHref(), labelKey: 'account.backOfficeEditorial' },
      { to: paths.backOfficeReviews.getHref(), labelKey: 'account.backOfficeReviews' },
      { to: paths.backOfficeOrders.getHref(), labelKey: 'account.backOfficeOrders' },
      { to: paths.backOfficeStock.getHref(), labelKey: 'account.backOfficeStock' },
    );
  }
  if (role === 'admin') {
    items.push(
      { to: paths.backOfficeUsers.getHref(), labelKey: 'account.backOfficeUsers' },
      { to: paths.backOfficePayouts.getHref(), labelKey: 'account.backOfficePayouts' },
      { to: paths.backOfficeVat.getHref(), labelKey: 'account.backOfficeVat' },
    );
  }
  return items;
}
