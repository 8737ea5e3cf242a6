import { createAction } from '@reduxjs/toolkit';

/** The stored tokens were removed (logout, failed refresh, password change): every feature drops its session data. */
export const sessionCleared = createAction('session/cleared');

/** A new access token was obtained (login or silent refresh). */
export const accessTokenRenewed = createAction<string>('session/accessTokenRenewed');
