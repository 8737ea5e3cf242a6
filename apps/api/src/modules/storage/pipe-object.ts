import type { Writable } from 'node:stream';
import type { ObjectReader } from './storage.ts';

/** Bytes read from the store at a time, into each of the two buffers. */
export const PIECE_BYTES = 512 * 1024;

/** Buffers of PIECE_BYTES whose last write is over, kept for the next downloads (a few at most). */
const spares: Buffer[] = [];
const SPARES_MAX = 8;

/** The destination closed before the last byte (an aborted download): nothing to report. */
export class DestinationClosedError extends Error {
  override name = 'DestinationClosedError';
}

/**
 * Writes every byte of `reader` to `destination` and ends it; the reader is closed whatever happens.
 *
 * Two buffers are read into in turn: while one is being written, the other is filled. A buffer handed to
 * `destination.write` is filled again only once that write's callback has run (the socket no longer holds
 * it), which also paces reading to the client's speed. A download of any size so allocates two buffers,
 * where a read stream allocates a fresh one per piece: in a process with a large heap, that memory makes the
 * garbage collector run full collections again and again, which slowed downloads several times over.
 *
 * Rejects with DestinationClosedError when the destination closes first.
 */
export async function pipeObject(
  reader: ObjectReader,
  destination: Writable,
  pieceBytes = PIECE_BYTES,
): Promise<void> {
  const gone = () => new DestinationClosedError('the destination closed before the last byte');
  let onClose!: () => void;
  const closed = new Promise<never>((_resolve, reject) => {
    onClose = () => reject(gone());
  });
  closed.catch(() => {});
  destination.once('close', onClose);
  try {
    if (destination.destroyed) throw gone();
    const size = Math.max(1, Math.min(pieceBytes, reader.length));
    const take = () => (size === PIECE_BYTES && spares.pop()) || Buffer.allocUnsafeSlow(size);
    const buffers = [take(), take()] as const;
    const writes: [Promise<void> | undefined, Promise<void> | undefined] = [undefined, undefined];
    for (let turn: 0 | 1 = 0; ; turn = turn === 0 ? 1 : 0) {
      // The write of this buffer's previous piece must be over before the buffer is read into again.
      if (writes[turn]) await Promise.race([writes[turn], closed]);
      const buffer = buffers[turn];
      const bytes = await reader.read(buffer);
      if (bytes === 0) break;
      if (destination.destroyed) throw gone();
      writes[turn] = written(destination, buffer.subarray(0, bytes));
    }
    await Promise.race([Promise.all(writes), closed]);
    // Every write of both buffers is over: another download may read into them.
    for (const buffer of buffers)
      if (buffer.length === PIECE_BYTES && spares.length < SPARES_MAX) spares.push(buffer);
    const ended = new Promise<void>((resolve, reject) =>
      destination.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    await Promise.race([ended, closed]);
  } finally {
    destination.off('close', onClose);
    await reader.close();
  }
}

/** What a write says when its connection went away under it. */
const connectionGone = new Set(['ECANCELED', 'EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED']);

/** Writes `chunk`; settles when the destination is done with it (its callback ran). */
function written(destination: Writable, chunk: Buffer): Promise<void> {
  const done = new Promise<void>((resolve, reject) => {
    destination.write(chunk, (error) => {
      if (!error) resolve();
      else if (destination.destroyed || connectionGone.has((error as NodeJS.ErrnoException).code ?? '')) {
        reject(new DestinationClosedError('the destination closed before the last byte', { cause: error }));
      } else reject(error);
    });
  });
  // A write failing after the destination closed is reported as the close, not as an unhandled rejection.
  done.catch(() => {});
  return done;
}
