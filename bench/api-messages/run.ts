/**
 * The messages API benchmark: seed a temporary SQLite database through the real migrations,
 * start the real API on 127.0.0.1 port 0 with the local identity and real tokens, then measure
 * each endpoint at the API (latency and throughput, from a separate load process) beside the
 * same SQL replayed through raw better-sqlite3 (the floor).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createApi, createLogger, loadApiConfig } from '@riffroom/server';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import { until } from '../../tests/support/until.js';
import { plans, replay, type CapturedQuery } from './floor.js';
import { recordGcPauses, type GcPauses } from './gc-pauses.js';
import type { LoadRequest, LoadResult } from './load-client.js';
import { load, startLoadClient } from './load-driver.js';
import { chart, table, TARGET_P99_MS, type ScenarioResult } from './report.js';
import { seed, type CallerProfile } from './seed.js';
import { recordServerTimes } from './server-times.js';
import type { Summary } from './stats.js';

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
  httpFloor: LoadResult & { gcDuringLatency: GcPauses; serverLatency: Summary; cpuMsPerRequest: number };
  scenarios: ScenarioResult[];
}

/** A flood limit no benchmark run reaches (config/limits.ts notation: count per window). */
const UNREACHABLE = '9999999/1s';

/** Requests the API is still working on: autocannon stops sending before the server stops answering. */
let inFlight = 0;
const serverTimes = recordServerTimes();

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; baseUrl: string }> {
  const timedHandler = serverTimes.wrap(handler);
  const server = http.createServer((req, res) => {
    inFlight += 1;
    res.once('close', () => (inFlight -= 1));
    timedHandler(req, res);
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
  const config = loadApiConfig(
    // SQLITE_SYNCHRONOUS=NORMAL measures what FULL, the default, costs (README "Backups and restore").
    { SQLITE_SYNCHRONOUS: process.env.SQLITE_SYNCHRONOUS },
    {
      dataDir: workDir,
      logLevel: 'silent',
      database: { client: 'sqlite', filename },
      // One user sending flat out is this benchmark's workload, and the flood limits exist to stop
      // exactly that: they stay in the request path (their cost is measured) but sized out of reach.
      rateLimits: { messagesPerUser: UNREACHABLE, writesPerUser: UNREACHABLE, writesPerAddress: UNREACHABLE },
    },
  );
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
    // Two phases: every scenario's timed sequential requests first, then every throughput run.
    // Interleaved, one scenario's autocannon run (10 connections flat out) left garbage whose
    // collection landed in the next scenario's timed requests (scavenges of 10-23 ms under --trace-gc).
    const drained = () => until(() => inFlight === 0, { timeoutMs: 120_000, what: 'the API drained its queue' });
    const timedRequests = async (request: LoadRequest) => {
      await drained();
      const timed = await load(child, { phase: 'latency', request });
      return {
        ...timed,
        gcDuringLatency: gc.within(timed.latencyWindow.startedAt, timed.latencyWindow.endedAt),
        serverLatency: serverTimes.take(),
      };
    };
    // The API's process does nothing but serve while the load client runs, so its CPU time divided
    // by the requests it answered is the API's CPU cost per request.
    const throughputRun = async (request: LoadRequest) => {
      await drained();
      const cpuBefore = process.cpuUsage();
      const run = await load(child, { phase: 'throughput', request });
      const cpu = process.cpuUsage(cpuBefore);
      return { ...run, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, run.throughput.requests) };
    };
    const sizing = {
      latencyRequests: size.latencyRequests,
      warmup: size.warmup,
      connections: size.connections,
      durationSeconds: size.durationSeconds,
      amount: size.amount,
    };

    // The same client, server and loopback with no token, no route logic and no SQL: what any
    // request costs here. Its p99 is the floor under every scenario's p99.
    const floorRequest: LoadRequest = { url: `${baseUrl}/healthz`, method: 'GET', ...sizing };
    const floorTimed = await timedRequests(floorRequest);

    const planned: (Omit<ScenarioResult, 'api'> & {
      load: LoadRequest;
      timed: Awaited<ReturnType<typeof timedRequests>>;
    })[] = [];
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
        process.stderr.write(`  ${request.endpoint} (${label})\n`);
        const captured: CapturedQuery[] = [];
        const onQuery = (query: CapturedQuery) => captured.push({ sql: query.sql, bindings: query.bindings });
        api.db.on('query', onQuery);
        const probe = await call(request.method, request.route, { token: account.idToken, body: request.body });
        api.db.off('query', onQuery);
        if (probe.status >= 300) throw new Error(`${request.route} answered ${probe.status}`);

        const floor = replay(raw, captured, size.latencyRequests, size.warmup);
        const load: LoadRequest = {
          url: baseUrl + request.route,
          method: request.method,
          token: account.idToken,
          body: request.body ? JSON.stringify(request.body) : undefined,
          ...sizing,
        };
        planned.push({
          name: `${request.endpoint} (${label})`,
          caller: label,
          endpoint: request.endpoint,
          request: `${request.method} ${request.route.replace(profile.busiestPartner, '{uid}').replace(`before=${cursor}`, 'before={nextBefore}')}`,
          floor,
          queries: captured.map((query) => query.sql),
          plans: plans(raw, captured),
          load,
          timed: await timedRequests(load),
        });
      }
    }

    process.stderr.write('  throughput runs\n');
    const floorRun = await throughputRun(floorRequest);
    const httpFloor = { ...floorTimed, ...floorRun, failures: floorTimed.failures + floorRun.failures };
    const scenarios: ScenarioResult[] = [];
    for (const { load, timed, ...scenario } of planned) {
      const run = await throughputRun(load);
      const failures = timed.failures + run.failures;
      if (failures > 0) throw new Error(`${scenario.request}: ${failures} requests failed`);
      scenarios.push({ ...scenario, api: { ...timed, ...run, failures } });
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
