import type { IncomingHttpHeaders } from 'node:http';
import WebSocket from 'ws';
import { PEERJS_KEY } from '@riffroom/protocol';

export interface PeerJsSocket {
  ws: WebSocket;
  /** Every message the server sent, parsed. */
  messages: { type: string; src?: string; payload?: unknown }[];
  /** Resolves with the socket's close code once it closes. */
  closed: Promise<number>;
  /**
   * How the upgrade went: the status and body when the server refused it, null when the socket
   * opened (so a test expecting a refusal fails at once instead of waiting).
   */
  refused: Promise<{ status: number; headers: IncomingHttpHeaders; body: string } | null>;
  /** The first message of this type, waiting for it if need be. */
  next(type: string): Promise<{ type: string; src?: string; payload?: unknown }>;
  isClosed(): boolean;
}

/**
 * A raw PeerJS signalling socket, as an attacker (or the PeerJS client) opens it:
 * `/peerjs/peerjs?key=&id=&token=`, or whatever `query` says. `localAddress` picks the source
 * address on loopback (all of 127/8 reaches the box), so a test can stand for another client.
 */
export function openPeerJsSocket(
  baseUrl: string,
  {
    id,
    token = `tok${id}`,
    query,
    localAddress,
  }: { id?: string; token?: string; query?: string; localAddress?: string },
): PeerJsSocket {
  const search = query ?? `key=${PEERJS_KEY}&id=${encodeURIComponent(id ?? '')}&token=${encodeURIComponent(token)}`;
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/peerjs/peerjs?${search}`, {
    ...(localAddress ? { localAddress } : {}),
  });
  const messages: PeerJsSocket['messages'] = [];
  const waiters: (() => void)[] = [];
  let isClosed = false;
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as PeerJsSocket['messages'][number]);
    for (const wake of waiters.splice(0)) wake();
  });
  // A socket the server closes mid-send reports EPIPE/ECONNRESET here; the close code is what counts.
  ws.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    ws.once('close', (code) => {
      isClosed = true;
      resolve(code);
    }),
  );
  const refused = new Promise<{ status: number; headers: IncomingHttpHeaders; body: string } | null>((resolve) => {
    ws.once('open', () => resolve(null));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
  });
  return {
    ws,
    messages,
    closed,
    refused,
    isClosed: () => isClosed,
    async next(type) {
      for (;;) {
        const found = messages.find((message) => message.type === type);
        if (found) return found;
        if (isClosed) throw new Error(`socket closed before ${type}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          void closed.then(() => resolve());
        });
      }
    },
  };
}
