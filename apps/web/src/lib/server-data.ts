import { createAction } from '@reduxjs/toolkit';
import { SERVER_DATA_ID } from '@hls/contract/server-render';

/**
 * What a server-rendered page hands to the browser besides its markup (a JSON block, see entry-server.tsx): the
 * language it was rendered in, the router's hydration data and the RTK Query cache its screens read.
 */
export type ServerData = {
  language: string;
  router: { loaderData: Record<string, unknown>; actionData: null; errors: null };
  api?: unknown;
};

/**
 * Puts the server's RTK Query cache (`ServerData.api`, the state of the API's slice) into the browser's store,
 * before the page is hydrated (lib/api-client.ts).
 */
export const serverDataReceived = createAction<unknown>('app/serverDataReceived');

/** The ServerData of this page, or null when the server sent the bare shell. */
export function readServerData(): ServerData | null {
  const text = document.getElementById(SERVER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerData;
  } catch {
    return null;
  }
}
