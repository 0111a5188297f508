import { existsSync } from 'node:fs';
import type * as MediasoupModule from 'mediasoup';

export type Mediasoup = typeof MediasoupModule;

let loaded: Promise<Mediasoup> | null = null;

/**
 * mediasoup reads MEDIASOUP_WORKER_BIN from the environment (3.19: at every createWorker()), so
 * the path is set there before the first import. Our worker is built from source by
 * scripts/setup.mjs (scripts/build-mediasoup-worker.sh).
 */
export function loadMediasoup(workerBin: string): Promise<Mediasoup> {
  if (!existsSync(workerBin)) {
    return Promise.reject(
      new Error(`mediasoup worker binary not found at ${workerBin}; run \`npm run setup\` to build it`),
    );
  }
  loaded ??= (async () => {
    process.env.MEDIASOUP_WORKER_BIN = workerBin;
    const module = (await import('mediasoup')) as Mediasoup & { default?: Mediasoup };
    return module.default ?? module;
  })();
  return loaded;
}
