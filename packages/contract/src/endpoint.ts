/** An endpoint of the API: its method, its Fastify path below `/api`, and the address a client calls. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A parameter's name without the extension that may follow it in its segment (`:invoiceId.pdf`). */
type ParamName<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

/** The parameters of a pattern: `:id` names `id`; Fastify's trailing wildcard `*` is named `'*'`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? ParamName<Name> | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? ParamName<Name>
    : P extends `${string}*`
      ? '*'
      : never;

/** The values of a pattern's parameters, or nothing when it has none. */
export type UrlArgs<P extends string> = [PathParams<P>] extends [never]
  ? []
  : [params: Record<PathParams<P>, string | number>];

export type Endpoint<M extends HttpMethod = HttpMethod, P extends string = string> = {
  readonly method: M;
  /** Fastify's pattern, relative to `/api`: `/order/:id/withdraw`. */
  readonly path: P;
  /** The address to call, relative to `/api`: `/order/4f1c…/withdraw`. */
  url(...args: UrlArgs<P>): string;
};

const PARAM = /:(\w+)|\*$/g;

/** A parameter's value in an address: encoded, and never missing. */
function segment(path: string, name: string, params: Record<string, string | number>): string {
  const value = params[name];
  if (value === undefined || value === '') throw new Error(`${path}: no value for ${name}`);
  return encodeURIComponent(String(value));
}

/**
 * The address of an endpoint (`this`), its parameters encoded. Shared by every endpoint, which are plain object
 * literals (`{ method, path, url }`): a bundle keeps only those its code names.
 */
export function url<P extends string>(this: { readonly path: P }, ...args: UrlArgs<P>): string {
  const { path } = this;
  const params: Record<string, string | number> = args[0] ?? {};
  return path.replace(PARAM, (_match, name: string | undefined) =>
    name === undefined
      ? // The wildcard stands for several segments: each is encoded, the slashes between them kept.
        String(params['*'] ?? '')
          .split('/')
          .map(encodeURIComponent)
          .join('/')
      : segment(path, name, params),
  );
}
