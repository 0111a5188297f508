import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { CASCADE_LINK_PATH_PATTERN, cascadeRoomIdSchema, INTERNAL_SECRET_HEADER } from '@riffroom/protocol';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { CascadeStats } from './cascade-node.js';

/** What the internal port serves (the node's CascadeNode). */
export interface CascadeEndpoint {
  accept(ws: WebSocket, roomId: string): void;
  stats(): CascadeStats;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export interface InternalServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The media node's internal port (MEDIA_INTERNAL_PORT), for other media nodes only: the cascade
 * links (a WebSocket per edge node and room) and `GET /internal/cascade/links` (what this node pipes,
 * for operators and tests). Every call needs INTERNAL_SECRET, compared in constant time (both sides
 * hashed first, so their lengths do not matter). Bind it to the network between the nodes, never
 * the public one.
 */
export async function startInternalServer(
  cascade: CascadeEndpoint,
  { host, port, secret }: { host: string; port: number; secret: string },
): Promise<InternalServer> {
  const expected = digest(secret);
  const allowed = (headers: http.IncomingHttpHeaders) => {
    const sent = headers[INTERNAL_SECRET_HEADER];
    return typeof sent === 'string' && sent.length > 0 && timingSafeEqual(digest(sent), expected);
  };
  // An edge sends only its pipe offer and its relay demand: small.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const server = http.createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!allowed(req.headers)) return reply(401, error('auth/unauthenticated', 'This port is for media nodes only.'));
    if (req.method === 'GET' && req.url === '/internal/cascade/links') return reply(200, cascade.stats());
    reply(404, error('not-found', 'Not found'));
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const refuse = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (!allowed(req.headers)) return refuse(401, 'Unauthorized');
    const match = CASCADE_LINK_PATH_PATTERN.exec(new URL(req.url ?? '/', 'http://internal').pathname);
    if (!match) return refuse(404, 'Not Found');
    const roomId = cascadeRoomIdSchema.safeParse(safeDecode(match[1]!));
    if (!roomId.success) return refuse(400, 'Bad Request');
    wss.handleUpgrade(req, socket, head, (ws) => cascade.accept(ws, roomId.data));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const error = (code: string, message: string) => ({ error: { code, message } });

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}
