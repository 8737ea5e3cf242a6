import type { Socket } from 'node:net';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';

/**
 * The embedded database's socket answers a client's messages in batches (decision 0042).
 *
 * `@electric-sql/pglite-socket` hands PGlite one protocol message at a time and writes each message's answer to
 * the socket as it comes: a prepared statement (Bind, Describe, Execute, Sync) costs four calls into PGlite, four
 * turns of its queue and four socket writes, each of which wakes the API's thread. PGlite reads as many messages as
 * it is given in one call, as PostgreSQL reads them from its socket, and answers a pipeline's errors the same way
 * (the messages after a failed one are skipped up to the next Sync). So every complete message received in one
 * chunk goes to PGlite in one call, and the answers leave in one write (the socket corked meanwhile) — except that
 * a statement answered outside a transaction leaves as soon as PGlite is ready for the next query (decision 0045):
 * the API's thread reads it, and sends its next statement, while PGlite runs the others of the chunk (statements
 * sent together by several requests, shared-connection.ts).
 *
 * Kept from the library: its queue (one client's transaction is never interleaved with another's statements),
 * its startup, SSL and cancel handling (a chunk that starts with a length, not a message type, is the library's
 * own), and its connection handling. A Terminate message goes alone, as the library sends it (PGlite answers it
 * without running the backend's loop).
 */

/** The handler's fields this relies on (pinned by the lockfile; `pglite-batches.test.ts` fails if they change). */
type Handler = {
  id: number;
  socket: Socket | null;
  active: boolean;
  messageBuffer: Buffer;
  queryQueue: {
    enqueue(handlerId: number, message: Uint8Array, onData: (answer: Uint8Array) => void): Promise<number>;
  };
  handleData(data: Buffer): Promise<number>;
};

const TERMINATE = 0x58; // 'X'

/** The complete messages at the head of `buffer`, as batches to run (a Terminate alone), and where they end. */
export function messageBatches(buffer: Buffer): { batches: Buffer[]; end: number } {
  const batches: Buffer[] = [];
  let start = 0;
  let end = 0;
  // A message: its type (one byte), then its length (four bytes, counting themselves), then its body.
  while (end + 5 <= buffer.length) {
    const next = end + 1 + buffer.readInt32BE(end + 1);
    if (next > buffer.length) break;
    if (buffer[end] === TERMINATE) {
      if (end > start) batches.push(buffer.subarray(start, end));
      batches.push(buffer.subarray(end, next));
      start = next;
    }
    end = next;
  }
  if (end > start) batches.push(buffer.subarray(start, end));
  return { batches, end };
}

const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'

/**
 * Whether PGlite's output ends with a ReadyForQuery saying no transaction is open: the answer of a statement of its
 * own, complete (the backend sends its output when it is ready for the next query).
 */
export function answeredIdle(out: Uint8Array): boolean {
  const at = out.length - 6;
  return (
    at >= 0 &&
    out[at] === READY_FOR_QUERY &&
    out[at + 1] === 0 &&
    out[at + 2] === 0 &&
    out[at + 3] === 0 &&
    out[at + 4] === 5 &&
    out[at + 5] === IDLE
  );
}

let installed = false;

/** Makes every handler of the socket server answer in batches; once per thread. */
export function answerInBatches(): void {
  if (installed) return;
  installed = true;
  const handler = PGLiteSocketHandler.prototype as unknown as Handler;
  const perMessage = handler.handleData;
  handler.handleData = async function (this: Handler, data: Buffer): Promise<number> {
    const socket = this.socket;
    if (!socket || !this.active) return 0;
    const pending = this.messageBuffer.length ? Buffer.concat([this.messageBuffer, data]) : data;
    // The connection's startup, an SSL or a cancel request: a length first, whose high byte is 0.
    if (pending[0] === 0) return perMessage.call(this, data);
    const { batches, end } = messageBatches(pending);
    // Copied, so that an incomplete message waiting for the next chunk does not keep this one alive.
    this.messageBuffer = Buffer.from(pending.subarray(end));
    let failed: Error | undefined;
    const answer = (out: Uint8Array) => {
      if (out.length === 0 || !this.active || !socket.writable) return;
      // Copied: PGlite reuses the memory it answers in.
      socket.write(Buffer.from(out), (error) => {
        if (error) failed = error;
      });
      // A statement answered outside a transaction leaves at once, while PGlite runs the next ones of the chunk.
      if (answeredIdle(out)) {
        socket.uncork();
        socket.cork();
      }
    };
    socket.cork();
    try {
      // Queued at once, in order: a chunk read meanwhile (this runs once per chunk) queues its batches after these.
      const written = await Promise.all(
        batches.map((batch) => this.queryQueue.enqueue(this.id, batch, answer)),
      );
      if (failed) throw failed;
      return written.reduce((sum, bytes) => sum + bytes, 0);
    } finally {
      socket.uncork();
    }
  };
}
