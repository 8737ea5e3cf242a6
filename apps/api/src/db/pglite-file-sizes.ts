import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database knows its files' sizes without asking the operating system at every turn (decision 0043).
 *
 * PostgreSQL learns a relation's length in blocks with `lseek(fd, 0, SEEK_END)`, and its planner asks it for the
 * table and every index of every table a statement reads: a search of the catalogue asks it dozens of times. Natively
 * that is a cheap system call; in PGlite the file system of a data directory is Emscripten's NODEFS, whose seek to
 * the end calls Node's `fstatSync` and builds a `Stats` object each time (0.4 ms of the engine's time per search of
 * 100,000 products, about a sixth of its planning).
 *
 * The data directory is the database's own (locked, decision 0003): its files change size only through this
 * thread's writes and truncations. So a file's size is asked once, then kept with its node: a write past its end
 * moves it, and any other change of the file (a truncation, an allocation) forgets it until the next seek.
 */

/** The parts of Emscripten's file system this relies on (pinned by the lockfile; `pglite-file-sizes.test.ts`). */
type Node = { mode: number };
type Stream = { node: Node };
type StreamOps = {
  llseek(stream: Stream, offset: number, whence: number): number;
  write(
    stream: Stream,
    buffer: unknown,
    offset: number,
    length: number,
    position: number,
    ...rest: unknown[]
  ): number;
  setattr?(stream: Stream, ...rest: unknown[]): unknown;
  allocate?(stream: Stream, ...rest: unknown[]): unknown;
};
type NodeOps = { setattr(node: Node, ...rest: unknown[]): unknown };
type FileSystem = { stream_ops: StreamOps; node_ops: NodeOps };

const SEEK_END = 2;
const isFile = (node: Node) => (node.mode & 0o170000) === 0o100000;

const patched = new WeakSet<FileSystem>();

/** Keeps the sizes of `db`'s files opened through NODEFS (a data directory on disk); once per database. */
export function keepFileSizes(db: PGlite): void {
  const fs = (db.Module.FS as unknown as { filesystems: { NODEFS?: FileSystem } }).filesystems.NODEFS;
  if (!fs || patched.has(fs)) return;
  patched.add(fs);
  const sizes = new WeakMap<Node, number>();
  const { stream_ops: streams, node_ops: nodes } = fs;

  const { llseek, write } = streams;
  streams.llseek = function (stream, offset, whence) {
    if (whence !== SEEK_END || !isFile(stream.node)) return llseek.call(this, stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek.call(this, stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    }
    return llseek.call(this, stream, offset + size, 0);
  };
  streams.write = function (stream, buffer, offset, length, position, ...rest) {
    const written = write.call(this, stream, buffer, offset, length, position, ...rest);
    const size = sizes.get(stream.node);
    if (size !== undefined && position + written > size) sizes.set(stream.node, position + written);
    return written;
  };
  // Whatever else changes a file's size makes it asked again.
  const forgetting = <T>(change: (target: T, ...rest: unknown[]) => unknown, nodeOf: (target: T) => Node) =>
    function (this: unknown, target: T, ...rest: unknown[]) {
      sizes.delete(nodeOf(target));
      return change.call(this, target, ...rest);
    };
  const streamNode = (stream: Stream) => stream.node;
  if (streams.setattr) streams.setattr = forgetting(streams.setattr, streamNode);
  if (streams.allocate) streams.allocate = forgetting(streams.allocate, streamNode);
  nodes.setattr = forgetting(nodes.setattr, (node: Node) => node);
}
