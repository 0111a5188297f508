/** `npm start` after set-up: the single-box process. Composition lives in box/compose.ts. */
import { ConfigError, createLogger, loadApiConfig } from '@riffroom/server';
import { loadMediaConfig, MediaConfigError } from '@riffroom/media';
import { startBox } from './box/compose.js';

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
  const box = await startBox(apiConfig, mediaConfig, logger);
  logger.info({ port: box.port, dataDir: apiConfig.dataDir }, `Riffroom is serving on http://localhost:${box.port}`);

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    void box.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
