import http from 'node:http';
import { createApi } from './api.js';
import { ConfigError, loadApiConfig } from './config/load.js';
import { createLogger } from './logger.js';
import { createMetricsRegistry, startMetricsServer } from './metrics/metrics-server.js';

/** The `api` role of the scaled setup: the API alone, stateless, behind a load balancer. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadApiConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const metrics = createMetricsRegistry();
  let draining = false;
  const api = await createApi(config, logger, { metrics, draining: () => draining });
  const server = http.createServer(api.callback);
  server.listen(config.port, config.host, () => logger.info({ port: config.port }, 'api listening'));
  const metricsServer = await startMetricsServer(
    metrics,
    { port: config.metricsPort, host: config.metricsHost },
    logger.child({ part: 'metrics' }),
  );

  const shutdown = () => {
    // /readyz turns 503 at once so the load balancer stops sending new requests; the ones in
    // flight finish before the server closes.
    draining = true;
    logger.info('shutting down');
    server.close();
    void Promise.all([api.close(), metricsServer.close()]).then(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

void main();
