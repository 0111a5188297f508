/**
 * `npm run start:api`: the `api` role of the scaled setup (ARCHITECTURE.md "Scaling out"): the Koa
 * API and the built client, stateless, on PostgreSQL, several behind the proxy. It loads only the
 * API's settings and the client's location.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { API_CONFIG, createApi, createLogger, createMetricsRegistry, startMetricsServer } from '@riffroom/server';
import {
  connectNodeRegistry,
  firebaseIdentitySources,
  MEDIA_CONFIG,
  NODE_EXPIRY_BEATS,
  staticClient,
} from '@riffroom/media';
import { ConfigError, loadLayeredConfig, type ConfigPart } from '@riffroom/protocol/config';
import { isApiPath } from './box/compose.js';

/**
 * The media-table settings the api role reads: where the built client is, and how it places rooms
 * on media nodes (the same heartbeat and origin threshold the nodes run with).
 */
const fromMedia = { clientDist: true, nodeHeartbeatMs: true, roomOriginMaxConsumers: true } as const;
const clientSchema = MEDIA_CONFIG.schema.pick(fromMedia);
const CLIENT_PART: ConfigPart<typeof clientSchema> = {
  schema: clientSchema,
  settings: MEDIA_CONFIG.settings.filter((setting) => setting.path in fromMedia),
};

/**
 * A node that restarts must mark its own recordings before the API's sweep takes them for lost: the
 * grace outlasts the node's record in the registry (docs/rooms-and-recording.md "Talkback").
 */
function checkRecordingNodeGrace(api: { bus: { kind: string }; recordingNodeGraceS: number }, heartbeatMs: number) {
  const expiryMs = heartbeatMs * NODE_EXPIRY_BEATS;
  if (api.bus.kind === 'redis' && api.recordingNodeGraceS * 1000 <= expiryMs) {
    throw new ConfigError(
      `invalid configuration: recordingNodeGraceS (RECORDING_NODE_GRACE_S) must be longer than a media node's registry expiry (${expiryMs / 1000} s: ${NODE_EXPIRY_BEATS} × NODE_HEARTBEAT_MS)`,
    );
  }
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadLayeredConfig(
      { api: API_CONFIG, client: CLIENT_PART },
      { env: process.env, readFile: (file) => readFileSync(file, 'utf8') },
    );
    checkRecordingNodeGrace(config.api, config.client.nodeHeartbeatMs);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { api: apiConfig, client: clientConfig } = config;
  const logger = createLogger(apiConfig.logLevel);
  const metrics = createMetricsRegistry();
  let draining = false;
  // With Redis, rooms are placed on the media nodes of the node registry (docs/scaling-out.md).
  const nodes =
    apiConfig.bus.kind === 'redis'
      ? connectNodeRegistry(
          apiConfig.bus.url,
          { heartbeatMs: clientConfig.nodeHeartbeatMs, originMaxConsumers: clientConfig.roomOriginMaxConsumers },
          logger.child({ part: 'registry' }),
        )
      : null;
  const api = await createApi(apiConfig, logger, {
    metrics,
    draining: () => draining,
    ...(nodes
      ? {
          placement: (roomId, role) => nodes.registry.placeMember(roomId, role),
          // The recordings of a node gone for RECORDING_NODE_GRACE_S are marked interrupted.
          nodeBeats: () => nodes.registry.lastBeats(),
        }
      : {}),
  });
  const identity = apiConfig.identity;
  const client = staticClient(
    clientConfig.clientDist,
    identity.provider === 'firebase' ? firebaseIdentitySources(identity.client) : {},
  );
  const server = http.createServer((req, res) =>
    isApiPath(req.url ?? '/') ? api.callback(req, res) : client(req, res),
  );
  server.listen(apiConfig.port, apiConfig.host, () => logger.info({ port: apiConfig.port }, 'api listening'));
  const metricsServer = await startMetricsServer(
    metrics,
    { port: apiConfig.metricsPort, host: apiConfig.metricsHost },
    logger.child({ part: 'metrics' }),
  );

  const shutdown = () => {
    // /readyz turns 503 at once so the load balancer stops sending new requests; the ones in
    // flight finish before the server closes.
    draining = true;
    logger.info('shutting down');
    server.close();
    void Promise.all([api.close(), metricsServer.close(), nodes?.close()]).then(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

void main();
