import http from 'node:http';
import { createApi } from './api.js';
import { ConfigError, loadApiConfig } from './config/load.js';
import { createLogger } from './logger.js';

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
  const api = await createApi(config, logger);
  const server = http.createServer(api.callback);
  server.listen(config.port, config.host, () => logger.info({ port: config.port }, 'api listening'));

  const shutdown = () => {
    logger.info('shutting down');
    server.close();
    void api.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

void main();
