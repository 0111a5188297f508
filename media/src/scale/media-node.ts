import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { ConfigError, type MediaConfig } from '../config.js';
import { attachPeerServer } from '../p2p/peer-server.js';
import { peerLimits } from '../config.js';
import { drainRooms } from '../realtime/drain.js';
import { attachRealtime } from '../realtime/server.js';
import { WorkerPool } from '../sfu/worker-pool.js';
import { HttpRoomDirectory } from './http-room-directory.js';
import { remoteJwksVerifier } from './remote-jwks-verifier.js';
import { discoverTokenIssuer } from './token-issuer.js';

export interface RunningMediaNode {
  port: number;
  workers: WorkerPool;
  /** As the box drains (scripts/box/compose.ts): no new joins, then idle or the timeout. */
  drain(timeoutS: number): Promise<'idle' | 'timeout'>;
  close(): Promise<void>;
}

/**
 * The `media` role (ARCHITECTURE.md "Scaling out"): Socket.IO rooms, mediasoup, PeerJS and the
 * relay, without the API or its database. Rooms come from the API's internal routes, ID tokens are
 * checked against its published keys, and with REDIS_URL every node's sockets share broadcasts.
 */
export async function startMediaNode(config: MediaConfig, logger: Logger): Promise<RunningMediaNode> {
  if (!config.apiUrl || !config.internalSecret) {
    throw new ConfigError(
      'invalid configuration: the media role needs apiUrl (API_URL) and internalSecret (INTERNAL_SECRET)',
    );
  }
  const issuer = await discoverTokenIssuer(config.apiUrl);
  const workers = new WorkerPool(config, logger.child({ part: 'media' }));
  const server = http.createServer();
  const peers = attachPeerServer(server, {
    logger: logger.child({ part: 'peerjs' }),
    missedHeartbeats: config.peerMissedHeartbeats,
    limits: peerLimits(config),
    trustProxyHops: config.trustProxy,
  });
  const realtime = attachRealtime(server, {
    verifyToken: remoteJwksVerifier(issuer, { cooldownMs: config.jwksCooldownMs }),
    redisUrl: config.bus.kind === 'redis' ? config.bus.url : undefined,
    logger: logger.child({ part: 'realtime' }),
    rooms: {
      directory: new HttpRoomDirectory(config.apiUrl, config.internalSecret),
      workers,
      keyFrameRequestDelayMs: config.keyFrameRequestDelayMs,
      screenLayers: config.screenLayers,
      hostGraceS: config.roomHostGraceS,
    },
    ice: config,
    limits: config,
    trustProxyHops: config.trustProxy,
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? '/';
    if (peers.owns(url)) return peers.handleRequest(req, res);
    // Liveness for the proxy and the orchestrator; the API serves everything else.
    const alive = url === '/healthz';
    res.writeHead(alive ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(alive ? { ok: true } : { error: { code: 'not-found', message: 'Not found' } }));
  });
  await workers.start();
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));

  let closing: Promise<void> | null = null;
  return {
    port: (server.address() as AddressInfo).port,
    workers,
    drain: (timeoutS) => drainRooms(realtime, timeoutS),
    close() {
      closing ??= (async () => {
        await Promise.all([realtime.close(), peers.close()]);
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await workers.close();
      })();
      return closing;
    },
  };
}
