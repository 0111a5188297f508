import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * The media role's GET /metrics (Prometheus text) on a listener of its own, METRICS_PORT on
 * METRICS_HOST (loopback by default), as the API and the box serve theirs: never public through the
 * node's own port by accident.
 */
export async function startMetricsListener(
  registry: Registry,
  address: { port: number; host: string },
  logger: Logger,
): Promise<MetricsListener> {
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
