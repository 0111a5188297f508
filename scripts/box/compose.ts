/**
 * The single-box composition: the API, the media node's workers and sockets, and the built client
 * on one HTTP port. This is the only code that imports both the API and the media node; they
 * never import each other (ARCHITECTURE.md "Topology"), and meet here through the event bus and the verifier.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  createApi,
  createEventBus,
  createMetricsRegistry,
  loadOrCreateSecretFile,
  startMetricsServer,
  type ApiConfig,
  type Logger,
} from '@riffroom/server';
import {
  attachPeerServer,
  createMediaMetrics,
  attachRealtime,
  drainRooms,
  firebaseIdentitySources,
  guestIdentityKeyFrom,
  peerLimits,
  recorderSettings,
  staticClient,
  WorkerPool,
  type MediaConfig,
  type Realtime,
} from '@riffroom/media';
import { createFrontDoor, createRedirectServer, type FrontDoorConfig } from './front-door.js';

// '/calendar/feed/' is the private .ics feed; the client has no route of that name.
const API_PREFIXES = [
  '/api/',
  '/user/',
  '/sessions',
  '/events/',
  '/calendar/feed/',
  '/healthz',
  '/readyz',
  '/.well-known/',
  '/internal/',
];
const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

export interface RunningBox {
  server: http.Server;
  port: number;
  /** 'https' when TLS_CERT and TLS_KEY are set (front-door.ts). */
  scheme: 'http' | 'https';
  /** The plain-HTTP port that redirects to HTTPS (HTTP_REDIRECT_PORT), when there is one. */
  redirectPort?: number;
  /** The media node's workers, for health and for tests that kill one. */
  workers: WorkerPool;
  /** The media node's sockets, rooms and recorders, for tests that reach into a room's router. */
  realtime: Realtime;
  /** Where GET /metrics answers (METRICS_PORT; the port it picked when that is 0). */
  metricsPort: number;
  /**
   * Stops new rooms and joins, tells every live room (server-draining), and resolves once no room
   * is live or after `timeoutS`, whichever comes first. The caller closes afterwards.
   */
  drain(timeoutS: number): Promise<'idle' | 'timeout'>;
  close(): Promise<void>;
}

export { API_PREFIXES, isApiPath };

export async function startBox(
  apiConfig: ApiConfig,
  mediaConfig: MediaConfig,
  logger: Logger,
  frontDoor: FrontDoorConfig = {},
): Promise<RunningBox> {
  // In-process by default; with REDIS_URL the API speaks through the Socket.IO Redis emitter and the
  // box's sockets listen through the Redis adapter, as every node of the scaled setup does.
  const bus = createEventBus(apiConfig.bus, logger);
  const workers = new WorkerPool(mediaConfig, logger.child({ part: 'media' }));
  // One registry for the whole box: the API and the media node each register their own collectors.
  const metrics = createMetricsRegistry();
  const mediaMetrics = createMediaMetrics(metrics, workers);
  let draining = false;
  const api = await createApi(apiConfig, logger.child({ part: 'api' }), {
    bus,
    metrics,
    draining: () => draining,
    readinessChecks: [
      {
        name: 'workers',
        check: () => {
          if (workers.liveCount < 1) throw new Error('no mediasoup worker is running');
        },
      },
    ],
  });
  // The page's CSP lets it reach Firebase's identity endpoints only when Firebase is the provider.
  const identity = apiConfig.identity;
  const client = staticClient(
    mediaConfig.clientDist,
    identity.provider === 'firebase' ? firebaseIdentitySources(identity.client) : {},
  );

  const { server, scheme } = createFrontDoor(frontDoor);
  // PeerJS signalling (the peer-to-peer tier) at /peerjs; it takes only /peerjs upgrades.
  const peers = attachPeerServer(server, {
    logger: logger.child({ part: 'peerjs' }),
    missedHeartbeats: mediaConfig.peerMissedHeartbeats,
    limits: peerLimits(mediaConfig),
    trustProxyHops: mediaConfig.trustProxy,
    onRateLimited: mediaMetrics.rateLimited,
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? '/';
    if (isApiPath(url)) api.callback(req, res);
    else if (peers.owns(url)) peers.handleRequest(req, res);
    else client(req, res);
  });
  // Socket.IO claims /socket.io requests and upgrades before the handler above sees them.
  const realtime = attachRealtime(server, {
    verifyToken: (token) => api.verifier.verifyIdToken(token),
    subscribe: (listener) => bus.subscribe(listener),
    redisUrl: mediaConfig.bus.kind === 'redis' ? mediaConfig.bus.url : undefined,
    logger: logger.child({ part: 'realtime' }),
    rooms: {
      // In-process: the media node asks the API's room service directly (same box, same process).
      directory: {
        get: (roomId) => api.rooms.liveView(roomId),
        admits: (roomId, uid) => api.rooms.admits(roomId, uid),
        userName: (uid) => api.rooms.memberName(uid),
        hostGone: (roomId, graceMs) => api.rooms.hostGone(roomId, graceMs),
        hostBack: (roomId) => api.rooms.hostBack(roomId),
        hostGraces: () => api.rooms.hostGraces(),
        // Alone (no Redis, so no other node): at start no host is in any room, even after a crash.
        ...(mediaConfig.bus.kind === 'redis'
          ? {}
          : { hostsGoneAtStart: (graceMs: number) => api.rooms.hostsGoneAtStart(graceMs) }),
        expire: (roomId, graceId) => api.rooms.expire(roomId, graceId),
        remove: (roomId, personKey) => api.rooms.removePerson(roomId, personKey),
        isRemoved: (roomId, personKey) => api.rooms.isRemoved(roomId, personKey),
        saveSettings: (roomId, settings) => api.rooms.saveSettings(roomId, settings),
      },
      workers,
      keyFrameRequestDelayMs: mediaConfig.keyFrameRequestDelayMs,
      speaking: { intervalMs: mediaConfig.talkbackLevelIntervalMs, thresholdDbov: mediaConfig.talkbackSpeakingDbov },
      talkbackMaxKbps: mediaConfig.talkbackMaxKbps,
      screenLayers: mediaConfig.screenLayers,
      hostGraceS: mediaConfig.roomHostGraceS,
      // In-process too: the recorder reports to the API's recording service on the same box.
      recording: recorderSettings(
        mediaConfig,
        {
          started: (recording) => api.recordings.started(recording),
          updated: (id, update) => api.recordings.updated(id, update),
          allowance: (hostUid, recordingId) => api.recordings.allowance(hostUid, recordingId),
          // Alone (no Redis, so no other node): at start no recording runs, whichever node began it.
          orphaned: (nodeId) => api.recordings.orphaned(nodeId, mediaConfig.bus.kind !== 'redis'),
        },
        logger,
      ),
      // The same guest after a restart; with INTERNAL_SECRET, the same as the media nodes beside it.
      guestIdentityKey: apiConfig.internalSecret
        ? guestIdentityKeyFrom(apiConfig.internalSecret)
        : loadOrCreateSecretFile(path.join(apiConfig.dataDir, 'guest-identity.key')),
    },
    ice: mediaConfig,
    limits: mediaConfig,
    trustProxyHops: mediaConfig.trustProxy,
    onRateLimited: mediaMetrics.rateLimited,
    heartbeat: { pingIntervalMs: mediaConfig.socketPingIntervalMs, pingTimeoutMs: mediaConfig.socketPingTimeoutMs },
  });
  mediaMetrics.watchRealtime(realtime);

  await workers.start();
  await listen(server, apiConfig.port, apiConfig.host);
  const port = (server.address() as AddressInfo).port;
  let redirect: http.Server | undefined;
  if (frontDoor.httpRedirectPort !== undefined) {
    redirect = createRedirectServer(() => port, frontDoor.publicUrl);
    await listen(redirect, frontDoor.httpRedirectPort, apiConfig.host);
  }
  const metricsServer = await startMetricsServer(
    metrics,
    { port: apiConfig.metricsPort, host: apiConfig.metricsHost },
    logger.child({ part: 'metrics' }),
  );

  let closing: Promise<void> | null = null;
  return {
    server,
    port,
    scheme,
    redirectPort: redirect ? (redirect.address() as AddressInfo).port : undefined,
    workers,
    realtime,
    metricsPort: metricsServer.port,
    drain(timeoutS) {
      draining = true;
      return drainRooms(realtime, timeoutS);
    },
    close() {
      closing ??= (async () => {
        await metricsServer.close();
        await Promise.all([realtime.close(), peers.close()]);
        server.closeAllConnections();
        redirect?.closeAllConnections();
        await Promise.all([closeServer(server), redirect && closeServer(redirect)]);
        await Promise.all([api.close(), workers.close()]);
        await bus.close();
      })();
      return closing;
    },
  };
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

const closeServer = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));
