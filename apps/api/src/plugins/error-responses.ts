import { ErrorBody } from '@hls/contract';

/** Documents the error statuses a route can answer with, all in the shared error shape. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as Record<S, typeof ErrorBody>;
}
