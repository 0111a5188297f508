import { fork, type ChildProcess } from 'node:child_process';

/**
 * Request/response over Node's IPC channel to a helper process (RTP sender, UDP sinks). They run in
 * their own processes so their CPU never counts as the SFU's and a busy sink cannot slow the
 * worker's Node side. Children run TypeScript through tsx, like the benches themselves.
 */
interface Envelope {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: string;
}

export class BenchChild {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private exited = false;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message: Envelope) => {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.ok) waiter.resolve(message.result);
      else waiter.reject(new Error(message.error));
    });
    child.on('exit', (code, signal) => {
      this.exited = true;
      for (const waiter of this.pending.values()) waiter.reject(new Error(`helper exited (${code ?? signal})`));
      this.pending.clear();
    });
  }

  static start(scriptUrl: URL): BenchChild {
    const child = fork(scriptUrl.pathname, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new BenchChild(child);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  request<T>(command: string, args: object = {}): Promise<T> {
    if (this.exited) return Promise.reject(new Error('helper has exited'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, command, args });
    });
  }

  /** Idempotent: asks the child to exit and waits for it; kills it if it does not go. */
  async close(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.disconnect();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

/** Child side: answers each request with its handler's result; exits when the parent disconnects. */
export function serveRequests(handlers: Record<string, (args: never) => unknown>): void {
  process.on('message', async (message: { id: number; command: string; args: never }) => {
    const reply = (envelope: Envelope) => process.send?.(envelope);
    const handler = handlers[message.command];
    if (!handler) return reply({ id: message.id, ok: false, error: `unknown command ${message.command}` });
    try {
      reply({ id: message.id, ok: true, result: await handler(message.args) });
    } catch (error) {
      reply({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  });
  process.on('disconnect', () => process.exit(0));
}
