import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { ConfigError, type MediaConfig } from '../config.js';
import { createMediaMetrics } from '../metrics/media-metrics.js';
import { startMetricsServer } from '@riffroom/protocol/metrics-endpoint';
import { attachPeerServer } from '../p2p/peer-server.js';
import { peerLimits } from '../config.js';
import { drainRooms } from '../realtime/drain.js';
import { guestIdentityKeyFrom } from '../realtime/guest-identity.js';
import { attachRealtime } from '../realtime/server.js';
import { WorkerPool } from '../sfu/worker-pool.js';
import { HttpRoomDirectory } from './http-room-directory.js';
import { NodeHeartbeat } from './node-heartbeat.js';
import { nodeLoadMeter } from './node-load.js';
import { Readiness, type ReadinessCheck } from '@riffroom/protocol/readiness';
import type { NodeRegistry } from './node-registry.js';
import { connectNodeRegistry } from './registry-connection.js';
import { startCascade, type RunningCascade } from './cascade/start-cascade.js';
import type { OriginLookup } from './cascade/origin-lookup.js';
import { HttpRecordingCatalog } from './http-recording-catalog.js';
import { recorderSettings } from '../recording/recorder-settings.js';
import { remoteJwksVerifier } from './remote-jwks-verifier.js';
import { discoverTokenIssuer } from './token-issuer.js';

export interface RunningMediaNode {
  port: number;
  /** Where GET /metrics answers (METRICS_PORT; the port it picked when that is 0). */
  metricsPort: number;
  workers: WorkerPool;
  /** Present with MEDIA_INTERNAL_PORT: the links of this node's cascaded rooms. */
  cascade: RunningCascade | null;
  /**
   * As the box drains (scripts/box/compose.ts): the registry says draining at once (no new rooms
   * are placed here), no new joins, then idle or the timeout.
   */
  drain(timeoutS: number): Promise<'idle' | 'timeout'>;
  close(): Promise<void>;
}

/**
 * The `media` role (ARCHITECTURE.md "Scaling out"): Socket.IO rooms, mediasoup, PeerJS and the
 * relay, without the API or its database. Rooms come from the API's internal routes, ID tokens are
 * checked against its published keys, and with REDIS_URL every node's sockets share broadcasts and
 * the node registers itself and its load in the node registry, where the API places rooms.
 */
export async function startMediaNode(
  config: MediaConfig,
  logger: Logger,
  { originLookup }: { originLookup?: OriginLookup } = {},
): Promise<RunningMediaNode> {
  if (!config.apiUrl || !config.internalSecret) {
    throw new ConfigError(
      'invalid configuration: the media role needs apiUrl (API_URL) and internalSecret (INTERNAL_SECRET)',
    );
  }
  const issuer = await discoverTokenIssuer(config.apiUrl);
  const workers = new WorkerPool(config, logger.child({ part: 'media' }));
  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });
  const mediaMetrics = createMediaMetrics(metrics, workers);
  const redisUrl = config.bus.kind === 'redis' ? config.bus.url : undefined;
  const registry = redisUrl
    ? connectNodeRegistry(
        redisUrl,
        { heartbeatMs: config.nodeHeartbeatMs, originMaxConsumers: config.roomOriginMaxConsumers },
        logger.child({ part: 'registry' }),
      )
    : null;
  const server = http.createServer();
  const peers = attachPeerServer(server, {
    logger: logger.child({ part: 'peerjs' }),
    missedHeartbeats: config.peerMissedHeartbeats,
    limits: peerLimits(config),
    trustProxyHops: config.trustProxy,
    onRateLimited: mediaMetrics.rateLimited,
  });
  const realtime = attachRealtime(server, {
    verifyToken: remoteJwksVerifier(issuer, { cooldownMs: config.jwksCooldownMs }),
    redisUrl,
    roomState: { stateTtlS: config.roomStateTtlS, seatTtlMs: config.roomSeatTtlMs },
    logger: logger.child({ part: 'realtime' }),
    rooms: {
      directory: new HttpRoomDirectory(config.apiUrl, config.internalSecret),
      workers,
      keyFrameRequestDelayMs: config.keyFrameRequestDelayMs,
      speaking: { intervalMs: config.talkbackLevelIntervalMs, thresholdDbov: config.talkbackSpeakingDbov },
      talkbackMaxKbps: config.talkbackMaxKbps,
      screenLayers: config.screenLayers,
      audioReserveMarginPct: config.audioReserveMarginPct,
      hostGraceS: config.roomHostGraceS,
      recording: recorderSettings(config, new HttpRecordingCatalog(config.apiUrl, config.internalSecret), logger),
      // Every process of the scaled setup holds INTERNAL_SECRET: a guest coming back to any node is itself.
      guestIdentityKey: guestIdentityKeyFrom(config.internalSecret),
    },
    ice: config,
    limits: config,
    trustProxyHops: config.trustProxy,
    onRateLimited: mediaMetrics.rateLimited,
    heartbeat: { pingIntervalMs: config.socketPingIntervalMs, pingTimeoutMs: config.socketPingTimeoutMs },
  });
  mediaMetrics.watchRealtime(realtime);
  const readinessChecks: ReadinessCheck[] = [
    {
      name: 'workers',
      check: () => {
        if (workers.liveCount < 1) throw new Error('no mediasoup worker is running');
      },
    },
    ...(realtime.redis ? [{ name: 'redis', check: () => realtime.redis!.check() }] : []),
    ...(registry ? [{ name: 'redis', check: () => registry.check() }] : []),
  ];
  let draining = false;
  const readiness = new Readiness(readinessChecks, () => draining);
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? '/';
    if (peers.owns(url)) return peers.handleRequest(req, res);
    const path = url.split('?')[0];
    // Liveness and readiness for the proxy and the orchestrator; the API serves everything else.
    if (path === '/readyz') {
      void readiness.report().then((report) => reply(res, report.ok ? 200 : 503, report));
      return;
    }
    if (path === '/healthz') return reply(res, 200, { ok: true });
    reply(res, 404, { error: { code: 'not-found', message: 'Not found' } });
  });
  await workers.start();
  const { internalPort, internalSecret } = config;
  const cascade =
    internalPort === undefined
      ? null
      : await startCascade(
          { ...config, internalPort, internalSecret },
          realtime,
          logger,
          // CASCADE_ORIGIN_URL, when set, is a fixed topology and wins over the registry.
          originLookup ?? (registry && !config.cascadeOriginUrl ? registryOriginLookup(registry.registry) : undefined),
        );
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const port = (server.address() as AddressInfo).port;
  // PORT 0 (tests) takes a free port: the default address names the one it got.
  const publicUrl = config.nodePublicUrl.replace(/:0$/, `:${port}`);
  const metricsListener = await startMetricsServer(
    metrics,
    { port: config.metricsPort, host: config.metricsHost },
    logger.child({ part: 'metrics' }),
  );
  const heartbeat = registry
    ? new NodeHeartbeat(
        registry.registry,
        {
          id: config.nodeId,
          publicUrl,
          // Where edges link to this node's internal port (cascading). A node without one cannot be
          // an origin for other nodes; its record then names its public address.
          internalUrl: cascade?.selfUrl ?? publicUrl,
        },
        nodeLoadMeter(workers, realtime.hub),
        config.nodeHeartbeatMs,
        logger.child({ part: 'heartbeat' }),
      )
    : null;
  await heartbeat?.start();
  logger.info({ nodeId: config.nodeId, registered: heartbeat !== null }, 'media node registered');

  let closing: Promise<void> | null = null;
  return {
    port,
    metricsPort: metricsListener.port,
    workers,
    cascade,
    async drain(timeoutS) {
      draining = true;
      await heartbeat?.markDraining();
      return drainRooms(realtime, timeoutS);
    },
    close() {
      closing ??= (async () => {
        await heartbeat?.stop();
        await metricsListener.close();
        await cascade?.close();
        await Promise.all([realtime.close(), peers.close()]);
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([workers.close(), registry?.close()]);
      })();
      return closing;
    },
  };
}

function reply(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A room's origin as the cascade needs it: the registry's record of the node that owns the room. */
function registryOriginLookup(registry: NodeRegistry): OriginLookup {
  return async (roomId) => {
    const origin = await registry.roomOrigin(roomId);
    return origin && { nodeId: origin.id, internalUrl: origin.internalUrl };
  };
}
