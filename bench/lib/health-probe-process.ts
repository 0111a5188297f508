/**
 * Child process: polls the box's /healthz from 127.0.0.1 every `intervalMs`, as a load balancer's
 * health check would, each on a fresh connection, and keeps every answer's round-trip time. Its own
 * process, so the time measured is the box's and not that of a busy orchestrator's event loop.
 */
import http from 'node:http';
import { serveRequests } from './child.js';

export interface HealthSample {
  atMs: number;
  ms: number;
  /** 200 within the timeout. */
  ok: boolean;
  /** The HTTP status, or 'timeout' / 'error' without one (a rate limit would show as 429). */
  status: number | 'timeout' | 'error';
}

const TIMEOUT_MS = 5000;
const samples: HealthSample[] = [];
let timer: NodeJS.Timeout | null = null;
let stopped = false;

function probeOnce(url: string): Promise<HealthSample> {
  const atMs = Date.now();
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: TIMEOUT_MS }, (response) => {
      response.resume();
      const status = response.statusCode ?? 0;
      response.on('end', () => resolve({ atMs, ms: elapsed(), ok: status === 200, status }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) =>
      resolve({ atMs, ms: elapsed(), ok: false, status: error.message === 'timeout' ? 'timeout' : 'error' }),
    );
  });
}

serveRequests({
  start: ({ url, intervalMs }: { url: string; intervalMs: number }) => {
    const loop = async () => {
      const began = Date.now();
      samples.push(await probeOnce(url));
      if (stopped) return;
      // One probe at a time: a slow answer delays the next one rather than stacking them up.
      timer = setTimeout(loop, Math.max(0, began + intervalMs - Date.now()));
    };
    void loop();
  },
  /** The samples taken from `fromMs` to `toMs` (wall clock). */
  samples: ({ fromMs, toMs }: { fromMs: number; toMs: number }) =>
    samples.filter((sample) => sample.atMs >= fromMs && sample.atMs <= toMs),
  stop: () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
  },
});
