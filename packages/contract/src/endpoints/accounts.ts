/** The accounts module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

export const registerCustomer = { method: 'POST', path: '/register/customer', url } as const;
export const registerAuthor = { method: 'POST', path: '/register/author', url } as const;
export const login = { method: 'POST', path: '/login', url } as const;
export const tokenRefresh = { method: 'POST', path: '/token/refresh', url } as const;
export const logout = { method: 'POST', path: '/logout', url } as const;
export const emailCheck = { method: 'POST', path: '/email/check', url } as const;
export const passwordReset = { method: 'POST', path: '/password/reset', url } as const;
export const passwordConfirm = { method: 'POST', path: '/password/confirm', url } as const;
export const editPassword = { method: 'PUT', path: '/editPassword', url } as const;
export const updateUser = { method: 'PUT', path: '/update/user', url } as const;
export const authorProfile = { method: 'PUT', path: '/user/author-profile', url } as const;
export const user = { method: 'GET', path: '/user', url } as const;
export const becomeAuthor = { method: 'POST', path: '/user/become-author', url } as const;
/** The mailed links: an address confirmed, an e-mail change reported; the link again; a change withdrawn. */
export const emailConfirm = { method: 'POST', path: '/email/confirm', url } as const;
export const emailReport = { method: 'POST', path: '/email/report', url } as const;
export const emailResend = { method: 'POST', path: '/email/resend', url } as const;
export const emailChangeCancel = { method: 'DELETE', path: '/email/change', url } as const;
/** Back office (admins). */
export const adminUsers = { method: 'GET', path: '/admin/users', url } as const;
export const adminUserRole = { method: 'POST', path: '/admin/users/:id/role', url } as const;
export const adminUserSuspend = { method: 'POST', path: '/admin/users/:id/suspend', url } as const;
export const adminUserReactivate = { method: 'POST', path: '/admin/users/:id/reactivate', url } as const;
/** The signed-in user's e-mail choices: new versions of what they bought, their sales, reviews of their products. */
export const emailPreferences = { method: 'GET', path: '/account/email-preferences', url } as const;
export const emailPreferencesUpdate = { method: 'PATCH', path: '/account/email-preferences', url } as const;
/** The buyer's address book: list, add, edit, remove, and the default that checkout offers first. */
export const addressBook = { method: 'GET', path: '/account/addresses', url } as const;
export const addressAdd = { method: 'POST', path: '/account/addresses', url } as const;
export const addressEdit = { method: 'PATCH', path: '/account/addresses/:id', url } as const;
export const addressRemove = { method: 'DELETE', path: '/account/addresses/:id', url } as const;
export const addressMakeDefault = { method: 'POST', path: '/account/addresses/:id/default', url } as const;
