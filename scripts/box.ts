/**
 * The single-box process (`npm start`): the API, the media node's workers and the built client on
 * one HTTP port. This is the only file that imports both the API and the media node; they never
 * import each other (design.md §1).
 */
import http from 'node:http';
import { ConfigError, createApi, createLogger, loadApiConfig } from '@riffroom/server';
import { loadMediaConfig, MediaConfigError, staticClient, WorkerPool } from '@riffroom/media';

const API_PREFIXES = ['/api/', '/user/', '/sessions', '/events/', '/healthz'];

const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

async function main(): Promise<void> {
  let apiConfig, mediaConfig;
  try {
    apiConfig = loadApiConfig();
    mediaConfig = loadMediaConfig();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof MediaConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(apiConfig.logLevel, 'riffroom');

  const workers = new WorkerPool(mediaConfig, logger.child({ part: 'media' }));
  const api = await createApi(apiConfig, logger.child({ part: "api" }), { isReady: () => workers.ready });
  const client = staticClient(mediaConfig.clientDist);

  const server = http.createServer((req, res) => {
    if (isApiPath(req.url ?? '/')) api.callback(req, res);
    else client(req, res);
  });
  await workers.start();
  await new Promise<void>((resolve) => server.listen(apiConfig.port, apiConfig.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : apiConfig.port;
  logger.info(
    { port, host: apiConfig.host, dataDir: apiConfig.dataDir },
    `Riffroom is serving on http://localhost:${port}`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close();
    server.closeAllConnections();
    void Promise.all([api.close(), workers.close()]).then(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
