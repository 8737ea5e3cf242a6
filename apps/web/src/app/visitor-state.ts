import { serverSessionState } from '@/features/auth/auth-slice';
import type { RootState } from './store';

/**
 * The state a server-rendered page was rendered with, from the browser's store before its saved state is restored:
 * the same data, and nothing of the visitor (the server never sees the stored session, cart, wishlist …). The
 * Provider hands it to every selector while the page hydrates (react-redux `serverState`), so each part of the page,
 * however late it hydrates, first renders as the server did, then with the visitor's state.
 * Any state read from the browser's storage when the store is made belongs here.
 */
export function asServerRendered(state: RootState): RootState {
  return { ...state, auth: serverSessionState() };
}
