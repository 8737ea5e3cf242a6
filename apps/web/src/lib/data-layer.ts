import type { setupListeners } from '@reduxjs/toolkit/query';
import type { api } from './api-client';

/**
 * RTK Query and the API of the app, as ./api-client hands them over when it loads. The store starts without
 * them (the first screen renders from the slices alone) and attaches them then; see app/store.ts.
 */
export type DataLayer = { api: typeof api; setupListeners: typeof setupListeners };

let provided: DataLayer | null = null;
const waiting: ((layer: DataLayer) => void)[] = [];

export function provideDataLayer(layer: DataLayer): void {
  if (provided) return;
  provided = layer;
  for (const attach of waiting.splice(0)) attach(layer);
}

/** Runs `attach` now if the data layer is loaded, else as soon as it is. */
export function onDataLayer(attach: (layer: DataLayer) => void): void {
  if (provided) attach(provided);
  else waiting.push(attach);
}
