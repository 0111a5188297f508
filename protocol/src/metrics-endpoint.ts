import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the endpoint needs of a prom-client Registry. */
export interface MetricsSource {
  metrics(): Promise<string>;
  readonly contentType: string;
}

/** What the endpoint needs of a pino logger. */
export interface EndpointLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * GET /metrics in Prometheus text format on a listener of its own (METRICS_PORT on METRICS_HOST,
 * loopback by default), so the figures are never public by accident through the app's port. The API, the box and the
 * media role each serve theirs with it (Node only: `@riffroom/protocol/metrics-endpoint`).
 */
export async function startMetricsServer(
  registry: MetricsSource,
  address: { port: number; host: string },
  logger: EndpointLogger,
): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '/').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'collecting metrics failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        new Error(
          `cannot serve metrics on ${address.host}:${address.port} (METRICS_PORT, METRICS_HOST): ${error.message}`,
        ),
      ),
    );
    server.listen(address.port, address.host, () => {
      server.removeAllListeners('error');
      server.on('error', (error) => logger.error({ err: error }, 'metrics listener error'));
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, host: address.host }, `metrics on http://${address.host}:${port}/metrics`);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
