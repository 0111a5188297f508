/**
 * The messages API benchmark: seed a temporary SQLite database through the real migrations,
 * start the real API on 127.0.0.1 port 0 with the local identity and real tokens, then measure
 * each endpoint at the API (latency and throughput, from a separate load process) beside the
 * same SQL replayed through raw better-sqlite3 (the floor).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createApi, createLogger, loadApiConfig } from '@riffroom/server';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import { until } from '../../tests/support/until.js';
import { BOX_NODE_FLAGS } from '../../scripts/box/node-flags.js';
import { plans, replay, type CapturedQuery } from './floor.js';
import { recordGcPauses, type GcPauses } from './gc-pauses.js';
import type { LoadRequest, LoadResult } from './load-client.js';
import { chart, table, TARGET_P99_MS, type ScenarioResult } from './report.js';
import { seed, type CallerProfile } from './seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');

export interface BenchSize {
  users: number;
  messages: number;
  /** Timed sequential requests per scenario, and raw SQL replays. */
  latencyRequests: number;
  warmup: number;
  connections: number;
  durationSeconds: number;
  /** Bounds autocannon by request count instead of time (the smoke run). */
  amount?: number;
}

export const FULL: BenchSize = {
  users: 10_000,
  messages: 1_000_000,
  latencyRequests: 1000,
  warmup: 100,
  connections: 10,
  durationSeconds: 5,
};
export const SMOKE: BenchSize = {
  users: 200,
  messages: 5_000,
  latencyRequests: 20,
  warmup: 5,
  connections: 2,
  durationSeconds: 1,
  amount: 40,
};
/** The seed of the workload's PRNG: the same sizes always make the same database. */
export const SEED = 20_261_123;

export interface BenchReport {
  benchmark: 'api-messages';
  date: string;
  smoke: boolean;
  /** loadavg is the 1-minute load when the run ended: other work on the box widens p99. */
  machine: { cpus: number; cpuModel: string; node: string; nodeFlags: string[]; sqlite: string; loadavg: number };
  dataset: {
    users: number;
    messages: number;
    seed: number;
    seedSeconds: number;
    conversationsBackfillSeconds: number;
    callers: Record<string, CallerProfile>;
  };
  targetP99Ms: number;
  /** GET /healthz through the same client and server: the HTTP round trip alone. */
  httpFloor: LoadResult & { gcDuringLatency: GcPauses };
  scenarios: ScenarioResult[];
}

function startLoadClient(): ChildProcess {
  return fork(path.join(here, 'load-client.ts'), [], {
    cwd: repoRoot,
    // The client's own young-generation pauses would land in the timings too: it gets the box's
    // larger semi-space, so that the tail measured is the API's.
    execArgv: [...BOX_NODE_FLAGS, '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function load(child: ChildProcess, request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`load client exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (reply: { ok: true; result: LoadResult } | { ok: false; message: string }) => {
      child.off('exit', onExit);
      if (reply.ok) resolve(reply.result);
      else reject(new Error(`load client failed: ${reply.message}`));
    });
    child.send(request);
  });
}

/** Requests the API is still working on: autocannon stops sending before the server stops answering. */
let inFlight = 0;

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; baseUrl: string }> {
  const server = http.createServer((req, res) => {
    inFlight += 1;
    res.once('close', () => (inFlight -= 1));
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export async function runApiMessagesBench(size: BenchSize, options: { smoke: boolean; outDir: string }) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'riffroom-bench-api-'));
  const filename = path.join(workDir, 'riffroom.sqlite');
  const config = loadApiConfig({}, { dataDir: workDir, logLevel: 'silent', database: { client: 'sqlite', filename } });
  const api = await createApi(config, createLogger('silent'));
  const child = startLoadClient();
  const raw = new Database(filename);
  let server: http.Server | null = null;
  try {
    // Real accounts with real ID tokens; the seed then makes one the busiest user, one a median one.
    const signups = await listen(api.callback);
    const signupCall = jsonCaller(signups.baseUrl);
    const heaviest = await signUpUser({ call: signupCall }, { username: 'benchheaviest', name: 'Heaviest User' });
    const median = await signUpUser({ call: signupCall }, { username: 'benchmedian', name: 'Median User' });
    // Seeding blocks the event loop for a while; keep-alive sockets from before it would be reset.
    await close(signups.server);
    const seeded = seed({
      filename,
      users: size.users,
      messages: size.messages,
      seed: SEED,
      callers: [
        { uid: heaviest.user.uid, rank: 'heaviest' },
        { uid: median.user.uid, rank: 'median' },
      ],
    });
    const measured = await listen(api.callback);
    server = measured.server;
    const baseUrl = measured.baseUrl;
    const call = jsonCaller(baseUrl);
    raw.pragma('journal_mode = WAL');

    const gc = recordGcPauses();
    // The same client, server and loopback with no token, no route logic and no SQL: what any
    // request costs here. Its p99 is the floor under every scenario's p99.
    const httpFloorLoad = await load(child, {
      url: `${baseUrl}/healthz`,
      method: 'GET',
      latencyRequests: size.latencyRequests,
      warmup: size.warmup,
      connections: size.connections,
      durationSeconds: size.durationSeconds,
      amount: size.amount,
    });
    const httpFloor = {
      ...httpFloorLoad,
      gcDuringLatency: gc.within(httpFloorLoad.latencyWindow.startedAt, httpFloorLoad.latencyWindow.endedAt),
    };

    const scenarios: ScenarioResult[] = [];
    for (const [label, account] of [
      ['heaviest user', heaviest],
      ['median user', median],
    ] as const) {
      const profile = seeded.callers[account === heaviest ? 'heaviest' : 'median']!;
      // The list is paged (default 50): the heaviest user's second page is read through the
      // cursor of the first, as a client's 'Load more' does.
      const firstPage = await call('GET', '/api/messages/conversations/list', { token: account.idToken });
      const cursor: string | null = firstPage.body.nextBefore;
      if (account === heaviest && !cursor) throw new Error('the heaviest user has a single page of conversations');
      const secondPage =
        account === heaviest
          ? [
              {
                endpoint: 'conversation list page 2',
                method: 'GET' as const,
                route: `/api/messages/conversations/list?before=${cursor}`,
              },
            ]
          : [];
      const requests: { endpoint: string; method: 'GET' | 'POST'; route: string; body?: object }[] = [
        { endpoint: 'unread counts', method: 'GET', route: '/api/messages/unread' },
        { endpoint: 'conversation list', method: 'GET', route: '/api/messages/conversations/list' },
        ...secondPage,
        { endpoint: 'conversation page', method: 'GET', route: `/api/messages/uid/${profile.busiestPartner}` },
        {
          endpoint: 'message send',
          method: 'POST',
          route: '/api/messages/send',
          body: { to_uid: profile.busiestPartner, content: 'Bounced the new mix, check the low end?' },
        },
      ];
      for (const request of requests) {
        // The previous scenario's queued requests would otherwise land in this one's capture and timings.
        await until(() => inFlight === 0, { timeoutMs: 120_000, what: 'the API drained its queue' });
        process.stderr.write(`  ${request.endpoint} (${label})\n`);
        const captured: CapturedQuery[] = [];
        const onQuery = (query: CapturedQuery) => captured.push({ sql: query.sql, bindings: query.bindings });
        api.db.on('query', onQuery);
        const probe = await call(request.method, request.route, { token: account.idToken, body: request.body });
        api.db.off('query', onQuery);
        if (probe.status >= 300) throw new Error(`${request.route} answered ${probe.status}`);

        const floor = replay(raw, captured, size.latencyRequests, size.warmup);
        // The API's process does nothing but serve while the load client runs, so its CPU time
        // divided by the requests it answered is the API's CPU cost per request.
        const cpuBefore = process.cpuUsage();
        const result = await load(child, {
          url: baseUrl + request.route,
          method: request.method,
          token: account.idToken,
          body: request.body ? JSON.stringify(request.body) : undefined,
          latencyRequests: size.latencyRequests,
          warmup: size.warmup,
          connections: size.connections,
          durationSeconds: size.durationSeconds,
          amount: size.amount,
        });
        const cpu = process.cpuUsage(cpuBefore);
        const answered = size.warmup + size.latencyRequests + result.throughput.requests;
        if (result.failures > 0) throw new Error(`${request.route}: ${result.failures} requests failed`);
        scenarios.push({
          name: `${request.endpoint} (${label})`,
          caller: label,
          endpoint: request.endpoint,
          request: `${request.method} ${request.route.replace(profile.busiestPartner, '{uid}').replace(`before=${cursor}`, 'before={nextBefore}')}`,
          api: {
            ...result,
            cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / answered,
            gcDuringLatency: gc.within(result.latencyWindow.startedAt, result.latencyWindow.endedAt),
          },
          floor,
          queries: captured.map((query) => query.sql),
          plans: plans(raw, captured),
        });
      }
    }

    gc.stop();
    const report: BenchReport = {
      benchmark: 'api-messages',
      date: new Date().toISOString(),
      smoke: options.smoke,
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        node: process.version,
        nodeFlags: process.execArgv.filter((flag) => !flag.includes('tsx')),
        sqlite: (raw.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v,
        loadavg: os.loadavg()[0] ?? 0,
      },
      dataset: {
        users: size.users,
        messages: size.messages,
        seed: SEED,
        seedSeconds: seeded.seconds,
        conversationsBackfillSeconds: seeded.backfillSeconds,
        callers: seeded.callers,
      },
      targetP99Ms: TARGET_P99_MS,
      httpFloor,
      scenarios,
    };
    mkdirSync(options.outDir, { recursive: true });
    writeFileSync(path.join(options.outDir, 'api-messages.json'), JSON.stringify(report, null, 2) + '\n');
    const title = `Messages API, ${size.users.toLocaleString('en')} users / ${size.messages.toLocaleString('en')} messages`;
    writeFileSync(path.join(options.outDir, 'api-messages.svg'), chart(scenarios, title));
    return { report, table: table(scenarios) };
  } finally {
    child.disconnect();
    raw.close();
    if (server) await close(server);
    await api.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}
