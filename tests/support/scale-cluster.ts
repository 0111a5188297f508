import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jsonCaller, type JsonCall } from '../../server/src/testing/test-api.js';
import { freePort } from './box.js';
import { startPostgresServer, type PostgresServer } from './postgres-server.js';
import { startRedisServer, type RedisServer } from './redis-server.js';
import { startRole, type RoleProcess } from './role-process.js';

type Env = Record<string, string>;

export interface ScaleClusterOptions {
  /** How many `media` processes. */
  nodes: number;
  /** The API on a real PostgreSQL; SQLite in the data directory otherwise (when the database is not the point). */
  postgres?: boolean;
  /** Every process's environment besides the cluster's own (a heartbeat, a threshold both read). */
  shared?: Env;
  /** The API's own. */
  api?: Env;
  /** Node `index`'s own. */
  node?: (index: number) => Env;
  /**
   * Each node listens on an internal port of its own for cascade links; with `origin`, that node is
   * every room's origin (CASCADE_ORIGIN_URL) instead of the one the node registry names.
   */
  cascade?: { origin?: number };
}

export interface ScaleCluster {
  /** INTERNAL_SECRET, shared by every process. */
  secret: string;
  redis: RedisServer;
  postgres: PostgresServer | null;
  /** DATA_DIR of the API and every node (recordings are shared there), removed at stop. */
  dataDir: string;
  /** The API now (restartApi replaces it, on the same port). */
  readonly api: RoleProcess;
  /** The API's URL and JSON requests to it: the cluster is what signUpUser and createRoomAs take. */
  baseUrl: string;
  call: JsonCall;
  nodes: RoleProcess[];
  /** Each node's internal URL (with `cascade`), for the internal routes an operator would ask. */
  internalUrls: string[];
  /** The API stopped and started again on its port with `env` over its own (another signing key). */
  restartApi(env: Env): Promise<void>;
  /** Everything ends; the nodes by SIGKILL (a node drained or killed by a test ends at once). */
  stop(): Promise<void>;
}

/**
 * The scaled setup on real parts (docs/scaling-out.md) on 127.0.0.1: a redis-server, optionally a
 * PostgreSQL, one `api` and `nodes` `media` processes sharing one INTERNAL_SECRET. What one test
 * file varies comes in as environment; what it then does with the processes is its own.
 */
export async function startScaleCluster(options: ScaleClusterOptions): Promise<ScaleCluster> {
  const secret = randomBytes(24).toString('base64url');
  const [redis, postgres] = await Promise.all([
    startRedisServer(),
    options.postgres ? startPostgresServer() : Promise.resolve(null),
  ]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-scale-'));
  const shared: Env = { REDIS_URL: redis.url, INTERNAL_SECRET: secret, DATA_DIR: dataDir, ...options.shared };
  const apiEnv: Env = {
    ...shared,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    SIGNING_KEY_FILE: path.join(dataDir, 'key.json'),
    ...options.api,
  };
  const nodes: RoleProcess[] = [];
  let api: RoleProcess | undefined;
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.kill()));
    await api?.stop();
    await Promise.all([redis.stop(), postgres?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    api = await startRole('scripts/api.ts', apiEnv);
    const internalPorts = options.cascade
      ? await Promise.all(Array.from({ length: options.nodes }, () => freePort()))
      : [];
    const internalUrls = internalPorts.map((port) => `http://127.0.0.1:${port}`);
    const origin = options.cascade?.origin;
    for (let index = 0; index < options.nodes; index += 1) {
      nodes.push(
        await startRole('media/src/main.ts', {
          ...shared,
          API_URL: api.baseUrl,
          ...(options.cascade
            ? { MEDIA_INTERNAL_PORT: String(internalPorts[index]), MEDIA_INTERNAL_HOST: '127.0.0.1' }
            : {}),
          ...(origin !== undefined ? { CASCADE_ORIGIN_URL: internalUrls[origin]! } : {}),
          ...options.node?.(index),
        }),
      );
    }
    return {
      secret,
      redis,
      postgres,
      dataDir,
      get api() {
        return api!;
      },
      baseUrl: api.baseUrl,
      call: jsonCaller(api.baseUrl),
      nodes,
      internalUrls,
      async restartApi(env) {
        const { port } = api!;
        await api!.stop();
        api = await startRole('scripts/api.ts', { ...apiEnv, ...env }, { port });
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
