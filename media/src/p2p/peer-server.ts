import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import express from 'express';
import { ExpressPeerServer } from 'peer';
import { WebSocketServer, type Server as WsServer } from 'ws';
import type { Logger } from 'pino';
import { PEER_HEARTBEAT_MS, PEERJS_KEY, PEERJS_PATH } from '@riffroom/protocol';
import { GuardedWebSocket, PeerGuard, type PeerLimits, type Refusal } from './peer-guard.js';

export interface PeerServerOptions {
  logger: Logger;
  /** The clients' heartbeat; spec part 9's 5 s unless a test shortens it. */
  heartbeatMs?: number;
  /** Heartbeats a client may miss before the server drops it. */
  missedHeartbeats: number;
  limits: PeerLimits;
  /** Told of each refusal by a flood limit, for /metrics. */
  onRateLimited?: (limit: string) => void;
  /** Reverse proxies in front whose X-Forwarded-For entries name the client (TRUST_PROXY). */
  trustProxyHops: number;
}

export interface PeerSignalling {
  /** True for the HTTP requests and upgrades this server answers (everything under /peerjs). */
  owns(url: string): boolean;
  handleRequest(req: IncomingMessage, res: ServerResponse): void;
  /** Closes every PeerJS socket and stops taking upgrades; idempotent. */
  close(): Promise<void>;
}

/**
 * The PeerJS signalling server of the peer-to-peer tier at /peerjs on the media node's own HTTP
 * server: the `peer` package inside an express app, its id endpoint at
 * /peerjs/peerjs/id and its WebSocket at /peerjs/peerjs. Left to itself, `peer` attaches a
 * WebSocketServer to the whole HTTP server that answers 400 to every other upgrade, which would
 * break Socket.IO's websocket transport; so its server is created detached and gets only the
 * /peerjs upgrades. What reaches the package passes the PeerGuard first (sizes, rates, ids).
 *
 * The `peer` package (1.0.2) has no way to stop its two housekeeping timers (expired messages,
 * dead clients); they stay scheduled after close() until the process exits.
 */
export function attachPeerServer(httpServer: HttpServer, options: PeerServerOptions): PeerSignalling {
  const heartbeatMs = options.heartbeatMs ?? PEER_HEARTBEAT_MS;
  const logger = options.logger;
  const guard = new PeerGuard(options.limits, options.trustProxyHops);
  let wss: WsServer<typeof GuardedWebSocket> | null = null;
  const peer = ExpressPeerServer(httpServer, {
    path: '/',
    key: PEERJS_KEY,
    // A client whose socket stays open but whose heartbeats stopped is dropped after this long.
    alive_timeout: heartbeatMs * options.missedHeartbeats,
    allow_discovery: false,
    createWebSocketServer: (serverOptions) => {
      wss = new WebSocketServer<typeof GuardedWebSocket>({
        noServer: true,
        path: serverOptions.path,
        maxPayload: options.limits.maxMessageBytes,
        WebSocket: GuardedWebSocket,
      });
      return wss as unknown as WebSocketServer;
    },
  });
  peer.on('connection', (client) => logger.debug({ peerId: client.getId() }, 'peer connected'));
  peer.on('disconnect', (client) => logger.debug({ peerId: client.getId() }, 'peer disconnected'));
  peer.on('error', (error) => logger.warn({ err: error }, 'peer server error'));

  const app = express();
  app.disable('x-powered-by');
  app.use(PEERJS_PATH, peer); // Mounting is what makes `peer` create its WebSocket server.
  const server = wss as WsServer<typeof GuardedWebSocket> | null;
  if (!server) throw new Error('the peer package did not create its WebSocket server on mount');

  const owns = (url: string) =>
    url === PEERJS_PATH || url.startsWith(`${PEERJS_PATH}/`) || url.startsWith(`${PEERJS_PATH}?`);
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!owns(req.url ?? '')) return; // Socket.IO answers its own upgrades.
    const refused = guard.checkUpgrade(req, socket);
    if (refused) {
      if (refused.status === 429) options.onRateLimited?.('peerjs-connections');
      return refuseUpgrade(socket, refused);
    }
    // ws checks the exact path and answers 400 to anything else under /peerjs.
    server.handleUpgrade(req, socket, head, (ws) => {
      guard.watch(ws);
      server.emit('connection', ws, req);
    });
  };
  httpServer.on('upgrade', onUpgrade);

  let closing: Promise<void> | null = null;
  return {
    owns,
    handleRequest(req, res) {
      const refused = guard.checkRequest(req);
      if (refused) {
        if (refused.status === 429) options.onRateLimited?.('peerjs-requests');
        return refuseRequest(res, refused);
      }
      app(req, res);
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        httpServer.off('upgrade', onUpgrade);
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      });
      return closing;
    },
  };
}

function refusalBody(refusal: Refusal): string {
  return JSON.stringify({ error: { code: refusal.code, message: refusal.message } });
}

function refusalHeaders(refusal: Refusal, body: string): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    ...(refusal.retryAfterS ? { 'Retry-After': String(refusal.retryAfterS) } : {}),
  };
}

function refuseRequest(res: ServerResponse, refusal: Refusal): void {
  const body = refusalBody(refusal);
  res.writeHead(refusal.status, refusalHeaders(refusal, body));
  res.end(body);
}

/** An upgrade has no ServerResponse: the answer is written on the raw socket, which then closes. */
function refuseUpgrade(socket: Duplex, refusal: Refusal): void {
  const body = refusalBody(refusal);
  const reason = refusal.status === 400 ? 'Bad Request' : 'Too Many Requests';
  const headers = Object.entries({ Connection: 'close', ...refusalHeaders(refusal, body) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${refusal.status} ${reason}\r\n${headers}\r\n${body}`);
}
