import { isIP } from 'node:net';
import { ConfigError, type ParsedEnv } from './env.ts';

/** How the server is reached and whom it believes: other origins, the proxies in front, slow clients. */

/** Slow clients' limits (plugins/timeouts.ts). */
export type TimeoutSettings = {
  /** A request's headers must all arrive within this (Node's `headersTimeout`). */
  headersMs: number;
  /** A body, on any route but an upload, must arrive whole within this. */
  bodyMs: number;
  /** An upload must bring at least this many bytes a second, counted over each window… */
  uploadMinBytesPerSecond: number;
  /** …of this length. */
  uploadRateWindowMs: number;
  /** No request, an upload included, lasts longer than this (Node's `requestTimeout`). */
  requestMs: number;
  /** A connection that brings nothing for this long is closed (between requests too). */
  idleMs: number;
  /** Connections open at once; the next are refused until one closes. */
  maxConnections: number;
};

/** Slow clients' limits, from the environment. */
export function readTimeouts(e: ParsedEnv): TimeoutSettings {
  return {
    headersMs: e.REQUEST_HEADERS_TIMEOUT,
    bodyMs: e.REQUEST_BODY_TIMEOUT,
    uploadMinBytesPerSecond: e.UPLOAD_MIN_RATE,
    uploadRateWindowMs: e.UPLOAD_RATE_WINDOW,
    requestMs: e.REQUEST_TIMEOUT,
    idleMs: e.SOCKET_IDLE_TIMEOUT,
    maxConnections: e.MAX_CONNECTIONS,
  };
}

export function parseCorsOrigin(value: string | undefined): boolean | string[] {
  if (value === undefined || value.trim() === '' || value.trim() === 'false') return false;
  if (value.trim() === '*' || value.trim() === 'true') return true;
  return value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (10.0.0.0/8) or one of proxy-addr's names (loopback…). */
function isProxyAddress(entry: string): boolean {
  if (proxyNames.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * The proxies whose X-Forwarded-For is believed: a hop count or their addresses. `true` is refused: it would
 * believe whatever a client writes there, and a rotating value would escape every per-client limit.
 */
export function parseTrustProxy(value: string | undefined): false | number | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  const invalid = (why: string) =>
    new ConfigError(`Invalid settings (see .env.example):\n  TRUST_PROXY: ${why}`);
  if (text === 'true') {
    throw invalid(
      'true would believe any X-Forwarded-For a client sends; give the number of proxies in front (1) or their addresses',
    );
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    throw invalid(
      `expected a hop count or addresses (127.0.0.1, 10.0.0.0/8, loopback), got "${bad.join(', ')}"`,
    );
  }
  return entries.join(',');
}
