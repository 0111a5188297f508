import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, loadApiConfig } from '@riffroom/server';
import { loadMediaConfig } from '@riffroom/media';
import { startBox } from '../../scripts/box/compose.js';
import { jsonCaller, type JsonCall } from '../../server/src/testing/test-api.js';

export interface InProcessBox {
  baseUrl: string;
  call: JsonCall;
  /** pids of the box's mediasoup workers (a test may SIGKILL one). */
  workerPids(): number[];
  close(): Promise<void>;
}

/** The single-box composition inside the test process, on a free port with a temporary DATA_DIR. */
export async function startInProcessBox(): Promise<InProcessBox> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-box-'));
  const box = await startBox(
    loadApiConfig({}, { dataDir, port: 0, host: '127.0.0.1', logLevel: 'silent' }),
    loadMediaConfig(process.env, { workers: 1, rtcPort: 0, rtcListenIp: '127.0.0.1' }),
    createLogger('silent'),
  );
  const baseUrl = `http://127.0.0.1:${box.port}`;
  return {
    baseUrl,
    call: jsonCaller(baseUrl),
    workerPids: () => box.workers.all().map((worker) => worker.pid),
    async close() {
      await box.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
