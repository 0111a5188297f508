/**
 * The single-box composition: the API, the media node's workers and sockets, and the built client
 * on one HTTP port. This is the only code that imports both the API and the media node; they
 * never import each other (ARCHITECTURE.md "Topology"), and meet here through the event bus and the verifier.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createApi,
  createEventBus,
  createMetricsRegistry,
  startMetricsServer,
  type ApiConfig,
  type Logger,
} from '@riffroom/server';
import {
  attachPeerServer,
  createMediaMetrics,
  attachRealtime,
  firebaseIdentitySources,
  peerLimits,
  staticClient,
  WorkerPool,
  type MediaConfig,
} from '@riffroom/media';

// '/calendar/feed/' is the private .ics feed; the client has no route of that name.
const API_PREFIXES = ['/api/', '/user/', '/sessions', '/events/', '/calendar/feed/', '/healthz', '/readyz'];
const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

export interface RunningBox {
  server: http.Server;
  port: number;
  /** The media node's workers, for health and for tests that kill one. */
  workers: WorkerPool;
  /** Where GET /metrics answers (METRICS_PORT; the port it picked when that is 0). */
  metricsPort: number;
  /**
   * Stops new rooms and joins, tells every live room (server-draining), and resolves once no room
   * is live or after `timeoutS`, whichever comes first. The caller closes afterwards.
   */
  drain(timeoutS: number): Promise<'idle' | 'timeout'>;
  close(): Promise<void>;
}

export async function startBox(apiConfig: ApiConfig, mediaConfig: MediaConfig, logger: Logger): Promise<RunningBox> {
  // In-process by default; with REDIS_URL (config bus.kind redis) events travel through Redis instead.
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

  const server = http.createServer();
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
    logger: logger.child({ part: 'realtime' }),
    rooms: {
      // In-process: the media node asks the API's room service directly (same box, same process).
      directory: {
        get: (roomId) => api.rooms.liveView(roomId),
        admits: (roomId, uid) => api.rooms.admits(roomId, uid),
        userName: (uid) => api.rooms.memberName(uid),
        expire: (roomId) => api.rooms.expire(roomId),
        saveSettings: (roomId, settings) => api.rooms.saveSettings(roomId, settings),
      },
      workers,
      keyFrameRequestDelayMs: mediaConfig.keyFrameRequestDelayMs,
      hostGraceS: mediaConfig.roomHostGraceS,
    },
    ice: mediaConfig,
    limits: mediaConfig,
    trustProxyHops: mediaConfig.trustProxy,
    onRateLimited: mediaMetrics.rateLimited,
  });
  mediaMetrics.watchRealtime(realtime);

  await workers.start();
  await new Promise<void>((resolve) => server.listen(apiConfig.port, apiConfig.host, resolve));
  const metricsServer = await startMetricsServer(
    metrics,
    { port: apiConfig.metricsPort, host: apiConfig.metricsHost },
    logger.child({ part: 'metrics' }),
  );

  let closing: Promise<void> | null = null;
  return {
    server,
    port: (server.address() as AddressInfo).port,
    workers,
    metricsPort: metricsServer.port,
    async drain(timeoutS) {
      draining = true;
      realtime.hub?.drain(timeoutS);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutS * 1000);
      });
      const idle = (realtime.hub?.whenIdle() ?? Promise.resolve()).then(() => 'idle' as const);
      try {
        return await Promise.race([idle, timedOut]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      closing ??= (async () => {
        await metricsServer.close();
        await Promise.all([realtime.close(), peers.close()]);
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([api.close(), workers.close()]);
        await bus.close();
      })();
      return closing;
    },
  };
}
