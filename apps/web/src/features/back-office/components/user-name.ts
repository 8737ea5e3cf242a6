import type { AdminUser } from '@hls/contract';

/** How the back office names a user: first and last name, else the e-mail address. */
export const userName = (user: Pick<AdminUser, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;
