// The embedded database's socket served in this thread (the app serves it from a worker), to watch what PGlite is
// asked and what the socket writes.
import { mkdtemp, rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answeredIdle, answerInBatches, messageBatches } from './pglite-batches.ts';

/** A protocol message: its type, its length (counting itself) and its body. */
const message = (type: string, body = '') => {
  const out = Buffer.alloc(5 + body.length);
  out.write(type, 0, 'latin1');
  out.writeInt32BE(4 + body.length, 1);
  out.write(body, 5, 'latin1');
  return out;
};

describe('the messages of one chunk, in batches', () => {
  it('takes the complete messages, leaves an incomplete one for the next chunk, and sends a Terminate alone', () => {
    const [bind, execute, sync, terminate] = [
      message('B', 'abc'),
      message('E', 'x'),
      message('S'),
      message('X'),
    ];
    const chunk = Buffer.concat([bind, execute, sync, sync.subarray(0, 3)]);
    const { batches, end } = messageBatches(chunk);
    expect(batches).toEqual([Buffer.concat([bind, execute, sync])]);
    expect(end).toBe(bind.length + execute.length + sync.length);

    expect(messageBatches(Buffer.concat([sync, terminate, sync])).batches).toEqual([sync, terminate, sync]);
    expect(messageBatches(bind.subarray(0, 4))).toEqual({ batches: [], end: 0 });
  });
});

describe('a statement answered outside a transaction', () => {
  it('is told by the ReadyForQuery that ends the output, idle', () => {
    const ready = (status: string) => message('Z', status);
    const row = message('D', 'Z\0\0\0');
    expect(answeredIdle(Buffer.concat([row, ready('I')]))).toBe(true);
    expect(answeredIdle(Buffer.concat([row, ready('T')])), 'in a transaction').toBe(false);
    expect(answeredIdle(Buffer.concat([ready('I'), row])), 'more to come').toBe(false);
    expect(answeredIdle(ready('I').subarray(1))).toBe(false);
  });
});

describe('the embedded database answers a chunk of messages at once', () => {
  let db: PGlite;
  let server: PGLiteSocketServer;
  let socketDir: string;
  let client: pg.Client;
  /** A client that sends its statements without waiting for the answers (as the app's embedded pool does). */
  let pipelined: pg.Client;
  /** The calls into PGlite and the writes of the server's sockets since the last call. */
  let seen: () => { calls: number; writes: number };

  beforeAll(async () => {
    answerInBatches();
    db = await PGlite.create();
    socketDir = await mkdtemp(path.join(tmpdir(), 'hls-batches-'));
    server = new PGLiteSocketServer({ db, path: path.join(socketDir, '.s.PGSQL.5432'), maxConnections: 2 });
    await server.start();
    client = new pg.Client({ host: socketDir, user: 'postgres', database: 'postgres' });
    await client.connect();
    pipelined = new pg.Client({ host: socketDir, user: 'postgres', database: 'postgres', pipeline: true });
    await pipelined.connect();
    const streamOf = (c: pg.Client) => (c as unknown as { connection: { stream: Socket } }).connection.stream;
    const own = new Set([streamOf(client), streamOf(pipelined)]);
    const calls = vi.spyOn(db, 'execProtocolRawStream');
    let writes = 0;
    for (const method of ['_write', '_writev'] as const) {
      const original = Socket.prototype[method] as (this: Socket, ...args: unknown[]) => unknown;
      vi.spyOn(Socket.prototype, method).mockImplementation(function (this: Socket, ...args: unknown[]) {
        if (!own.has(this)) writes++;
        return original.apply(this, args);
      });
    }
    seen = () => {
      const counts = { calls: calls.mock.calls.length, writes };
      calls.mockClear();
      writes = 0;
      return counts;
    };
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await client?.end();
    await pipelined?.end();
    await server?.stop();
    await db?.close();
    if (socketDir) await rm(socketDir, { recursive: true, force: true });
  });

  it("runs a prepared statement's messages in one call and answers them in one write", async () => {
    const statement = { name: 'doubled', text: 'SELECT $1::int * 2 AS n' };
    await client.query({ ...statement, values: [1] });
    seen();
    // Bind, Describe, Execute and Sync: one call, one write (four of each, one per message, without the batches).
    expect((await client.query({ ...statement, values: [21] })).rows).toEqual([{ n: 42 }]);
    expect(seen()).toEqual({ calls: 1, writes: 1 });
  });

  it('answers a failed statement with its error, and the next one as usual', async () => {
    const statement = { name: 'divided', text: 'SELECT 10 / $1::int AS n' };
    await expect(client.query({ ...statement, values: [0] })).rejects.toThrow(/division by zero/);
    expect((await client.query({ ...statement, values: [5] })).rows).toEqual([{ n: 2 }]);
    await client.query('BEGIN');
    await expect(client.query({ ...statement, values: [0] })).rejects.toThrow(/division by zero/);
    await expect(client.query('SELECT 1')).rejects.toThrow(/current transaction is aborted/);
    await client.query('ROLLBACK');
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('writes the answer of each statement of a chunk as soon as it is ready, a transaction in one write', async () => {
    seen();
    // The first answer leaves while PGlite runs the second statement (the app's database runs in a worker: its
    // API reads the first answer meanwhile).
    const answers = [1, 2].map((n) => pipelined.query({ text: 'SELECT $1::int AS n', values: [n] }));
    expect((await Promise.all(answers)).map((answer) => answer.rows[0])).toEqual([{ n: 1 }, { n: 2 }]);
    expect(seen(), 'one call, one write per statement').toEqual({ calls: 1, writes: 2 });

    seen();
    const statements = ['BEGIN', 'SELECT 1 AS one', 'COMMIT'].map((text) => pipelined.query(text));
    expect((await Promise.all(statements))[1]!.rows).toEqual([{ one: 1 }]);
    expect(seen(), 'sent together, answered together').toEqual({ calls: 1, writes: 1 });
  });
});
