/** `npm start` after set-up: the single-box process. Composition lives in box/compose.ts. */
import { createLogger } from '@riffroom/server';
import { ConfigError } from '@riffroom/protocol/config';
import { startBox } from './box/compose.js';
import { loadBoxConfig } from './box/config.js';

async function main(): Promise<void> {
  let apiConfig, mediaConfig;
  try {
    ({ api: apiConfig, media: mediaConfig } = loadBoxConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
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
