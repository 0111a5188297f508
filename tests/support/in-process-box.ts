import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, loadApiConfig } from '@riffroom/server';
import { loadMediaConfig, type Realtime } from '@riffroom/media';
import { startBox } from '../../scripts/box/compose.js';
import { jsonCaller, type JsonCall } from '../../server/src/testing/test-api.js';

/** Media settings a test changes (say, a short ROOM_HOST_GRACE_S). */
type MediaOverrides = NonNullable<Parameters<typeof loadMediaConfig>[1]>;
/** API settings a test changes, as the config file writes them (say, `notifications.smtpUrl`). */
type ApiOverrides = NonNullable<Parameters<typeof loadApiConfig>[1]>;

export interface InProcessBox {
  baseUrl: string;
  call: JsonCall;
  /** pids of the box's mediasoup workers (a test may SIGKILL one). */
  workerPids(): number[];
  /** The media node's sockets, rooms and recorders (a test reaches a room's router through it). */
  realtime: Realtime;
  dataDir: string;
  /** Starts draining as SIGTERM would (no new rooms or people); resolves once idle or after `timeoutS`. */
  drain(timeoutS: number): Promise<'idle' | 'timeout'>;
  close(): Promise<void>;
}

/** The single-box composition inside the test process, on a free port with a temporary DATA_DIR. */
export async function startInProcessBox(
  mediaOverrides: MediaOverrides = {},
  apiOverrides: ApiOverrides = {},
): Promise<InProcessBox> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-box-'));
  const box = await startBox(
    loadApiConfig({}, { dataDir, port: 0, host: '127.0.0.1', logLevel: 'silent', metricsPort: 0, ...apiOverrides }),
    loadMediaConfig(process.env, { workers: 1, rtcPort: 0, rtcListenIp: '127.0.0.1', dataDir, ...mediaOverrides }),
    createLogger('silent'),
  );
  const baseUrl = `http://127.0.0.1:${box.port}`;
  return {
    baseUrl,
    call: jsonCaller(baseUrl),
    workerPids: () => box.workers.all().map((worker) => worker.pid),
    realtime: box.realtime,
    dataDir,
    drain: (timeoutS) => box.drain(timeoutS),
    async close() {
      await box.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers the hooks an integration file needs: one in-process box, started before the file's tests
 * and closed after them. The returned handle forwards to that box, so use it inside hooks and tests.
 */
export function useInProcessBox(
  mediaOverrides: MediaOverrides = {},
  apiOverrides: ApiOverrides | (() => ApiOverrides) = {},
): Omit<InProcessBox, 'close'> {
  let started: InProcessBox | undefined;
  const current = (): InProcessBox => {
    if (!started) throw new Error('the in-process box starts in beforeAll: use it inside a hook or a test');
    return started;
  };
  beforeAll(async () => {
    started = await startInProcessBox(
      mediaOverrides,
      typeof apiOverrides === 'function' ? apiOverrides() : apiOverrides,
    );
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    call: (...args) => current().call(...args),
    workerPids: () => current().workerPids(),
    get realtime() {
      return current().realtime;
    },
    get dataDir() {
      return current().dataDir;
    },
    drain: (timeoutS) => current().drain(timeoutS),
  };
}
