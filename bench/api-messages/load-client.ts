/**
 * The load generator, in its own process so that it does not share the API's event loop: a
 * sequential keep-alive loop for latency (one request in flight, microsecond timer), or
 * autocannon with several connections for throughput. Driven over IPC by run.ts.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { TIMED_REQUEST_HEADER } from './server-times.js';
import { summarize, type Summary } from './stats.js';

export interface LoadRequest {
  url: string;
  method: 'GET' | 'POST';
  /** Sent as the bearer token; none for the HTTP floor. */
  token?: string;
  body?: string;
  /** Sequential requests timed one by one, after `warmup` untimed ones. */
  latencyRequests: number;
  warmup: number;
  connections: number;
  /** autocannon runs for this many seconds, or, when `amount` is set, for that many requests. */
  durationSeconds: number;
  amount?: number;
}

/** The timed sequential requests. */
export interface LatencyResult {
  latency: Summary;
  /** When the timed sequential requests began and ended, in epoch milliseconds (sub-ms precision). */
  latencyWindow: { startedAt: number; endedAt: number };
  failures: number;
}

export interface ThroughputResult {
  throughput: { requestsPerSecond: number; p50: number; p99: number; connections: number; requests: number };
  failures: number;
}

export type LoadResult = LatencyResult & ThroughputResult;

/** What the driver asks for: the two phases run apart, so one's garbage is not collected in the other. */
export interface LoadCommand {
  phase: 'latency' | 'throughput';
  request: LoadRequest;
}

function headersFor(request: LoadRequest): Record<string, string> {
  return {
    ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
    ...(request.body ? { 'content-type': 'application/json' } : {}),
  };
}

function once(request: LoadRequest, agent: http.Agent, timed = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      request.url,
      {
        method: request.method,
        agent,
        headers: { ...headersFor(request), ...(timed ? { [TIMED_REQUEST_HEADER]: '1' } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

async function latency(request: LoadRequest): Promise<LatencyResult> {
  let failures = 0;
  // A fresh keep-alive socket per scenario: one left idle while the driver replays SQL would be
  // closed by the server's keep-alive timeout just as it is reused.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  const latencyWindow = { startedAt: 0, endedAt: 0 };
  try {
    for (let i = 0; i < request.warmup; i += 1) if ((await once(request, agent)) >= 300) failures += 1;
    latencyWindow.startedAt = performance.timeOrigin + performance.now();
    for (let i = 0; i < request.latencyRequests; i += 1) {
      const started = process.hrtime.bigint();
      const status = await once(request, agent, true);
      samples.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (status >= 300) failures += 1;
    }
    latencyWindow.endedAt = performance.timeOrigin + performance.now();
  } finally {
    agent.destroy();
  }
  return { latency: summarize(samples), latencyWindow, failures };
}

async function throughput(request: LoadRequest): Promise<ThroughputResult> {
  const cannon = await autocannon({
    url: request.url,
    method: request.method,
    connections: request.connections,
    ...(request.amount ? { amount: request.amount } : { duration: request.durationSeconds }),
    headers: headersFor(request),
    ...(request.body ? { body: request.body } : {}),
  });
  return {
    throughput: {
      requestsPerSecond: cannon.requests.average,
      p50: cannon.latency.p50,
      p99: cannon.latency.p99,
      connections: request.connections,
      requests: cannon.requests.total,
    },
    failures: cannon.non2xx + cannon.errors + cannon.timeouts,
  };
}

process.on('message', ({ phase, request }: LoadCommand) => {
  (phase === 'latency' ? latency(request) : throughput(request)).then(
    (result) => process.send?.({ ok: true, result }),
    (error: unknown) => process.send?.({ ok: false, message: String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
