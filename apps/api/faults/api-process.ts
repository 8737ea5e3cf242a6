// The API as an operator runs it (`node src/server.ts`), in a child process the fault suite can kill and restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverPath = fileURLToPath(new URL('../src/server.ts', import.meta.url));

export type ApiProcess = {
  base: string;
  /** What the process wrote (its log), kept for a failure's report. */
  output(): string;
  /** Whether the process is still running (it must never end by itself). */
  alive(): boolean;
  /** The exit code or signal, once it ended. */
  exit(): string | null;
  kill(signal: NodeJS.Signals): Promise<void>;
};

/** Starts `node src/server.ts` with `env` and waits until /api/health answers (at most `timeoutMs`). */
export async function startApi(env: Record<string, string>, timeoutMs = 60_000): Promise<ApiProcess> {
  const child: ChildProcess = spawn(process.execPath, [serverPath], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let ended: string | null = null;
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 20_000_000) log = log.slice(-10_000_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      ended = signal ?? String(code);
      resolve();
    }),
  );
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (ended !== null) throw new Error(`the API ended while starting (${ended}):\n${log.slice(-4000)}`);
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API did not answer within ${timeoutMs} ms:\n${log.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    output: () => log,
    alive: () => ended === null,
    exit: () => ended,
    async kill(signal) {
      if (ended !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}
