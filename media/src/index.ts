export { loadMediaConfig, MediaConfigError, type MediaConfig } from './config.js';
export { WorkerPool } from './sfu/worker-pool.js';
export { staticClient, type RequestHandler } from './http/static-client.js';
