import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ScaleProxy {
  /** http://127.0.0.1:<port>: the one origin a browser sees, as behind docker/Caddyfile.scaled. */
  url: string;
  /** Where `/nodes/<id>/*` goes from now on (the prefix stripped), and the rest (pages, API). */
  route(routes: { nodes: Record<string, string>; api: string }): void;
  /** With `refuseWebSockets`: the upgrades it refused, and the Socket.IO long-polling requests it passed. */
  counts: { refusedUpgrades: number; pollingRequests: number };
  close(): Promise<void>;
}

export interface ScaleProxyOptions {
  /**
   * Answers every WebSocket upgrade with 403, as a TLS-inspecting company proxy that blocks them
   * does (issue 37): plain HTTP still passes, so Socket.IO's long-polling is what is left.
   */
  refuseWebSockets?: boolean;
}

/**
 * A stand-in for the scaled setup's proxy (docker/Caddyfile.scaled) for browser tests: one origin,
 * `/nodes/<id>/*` to that media node with the prefix stripped (its Socket.IO and PeerJS, websockets
 * included), the rest to the API. A page's Content-Security-Policy allows websockets to its own
 * origin only, so a browser on the API's page reaches a node's NODE_PUBLIC_URL only through here.
 * It starts before the cluster (the nodes' NODE_PUBLIC_URL names it); `route` fills in the ports.
 */
export async function startScaleProxy({ refuseWebSockets = false }: ScaleProxyOptions = {}): Promise<ScaleProxy> {
  const counts = { refusedUpgrades: 0, pollingRequests: 0 };
  let routes: { nodes: Record<string, string>; api: string } = { nodes: {}, api: 'http://127.0.0.1:9' };
  const target = (url: string): { port: number; path: string } => {
    const match = /^\/nodes\/([^/]+)(\/.*)?$/.exec(url);
    const node = match ? routes.nodes[match[1]!] : undefined;
    const base = new URL(node ?? routes.api);
    return { port: Number(base.port), path: node ? (match![2] ?? '/') : url };
  };
  const server = http.createServer((req, res) => {
    const { port, path } = target(req.url ?? '/');
    if (/\/socket\.io\/\?(.*&)?transport=polling/.test(path)) counts.pollingRequests += 1;
    const upstream = http.request(
      { host: '127.0.0.1', port, path, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  const upgraded = new Set<net.Socket>();
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    if (refuseWebSockets) {
      counts.refusedUpgrades += 1;
      client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    upgraded.add(client);
    client.on('close', () => upgraded.delete(client));
    const { port, path } = target(req.url ?? '/');
    const upstream = net.connect(port, '127.0.0.1', () => {
      const lines = [`${req.method} ${path} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    route(next) {
      routes = next;
    },
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        for (const client of upgraded) client.destroy();
        server.close(() => resolve());
      }),
  };
}
