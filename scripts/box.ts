/** `npm start` after set-up: the single-box process. Composition lives in box/compose.ts. */
import { ConfigError, createLogger, loadApiConfig } from '@riffroom/server';
import { loadMediaConfig, MediaConfigError } from '@riffroom/media';
import { startBox } from './box/compose.js';
import { FrontDoorConfigError, loadFrontDoorConfig } from './box/front-door.js';

async function main(): Promise<void> {
  let apiConfig, mediaConfig, frontDoor;
  try {
    apiConfig = loadApiConfig();
    mediaConfig = loadMediaConfig();
    frontDoor = loadFrontDoorConfig();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof MediaConfigError || error instanceof FrontDoorConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(apiConfig.logLevel, 'riffroom');
  const box = await startBox(apiConfig, mediaConfig, logger, frontDoor).catch((error: unknown) => {
    if (!(error instanceof FrontDoorConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  const address = frontDoor.publicUrl ?? `${box.scheme}://localhost:${box.port}`;
  logger.info(
    { port: box.port, redirectPort: box.redirectPort, dataDir: apiConfig.dataDir },
    `Riffroom is serving on ${address}`,
  );

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
