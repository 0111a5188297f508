/** `npm start` after set-up: the single-box process. Composition lives in box/compose.ts. */
import { createLogger } from '@riffroom/server';
import { ConfigError } from '@riffroom/protocol/config';
import { startBox } from './box/compose.js';
import { loadBoxConfig } from './box/config.js';

/** A second SIGTERM, or a close that hangs, must not leave the process up: it exits after this. */
const FORCED_EXIT_MS = 3000;

async function main(): Promise<void> {
  let apiConfig, mediaConfig, frontDoor;
  try {
    ({ api: apiConfig, media: mediaConfig, frontDoor } = loadBoxConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(apiConfig.logLevel, 'riffroom');
  const box = await startBox(apiConfig, mediaConfig, logger, frontDoor).catch((error: unknown) => {
    // A certificate file that cannot be read is a setting's fault, named like the others.
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  const address = frontDoor.publicUrl ?? `${box.scheme}://localhost:${box.port}`;
  logger.info(
    { port: box.port, redirectPort: box.redirectPort, dataDir: apiConfig.dataDir },
    `Riffroom is serving on ${address}`,
  );

  let stopping = false;
  const closeNow = (reason: string, code: number) => {
    logger.warn({ reason }, 'closing now');
    setTimeout(() => process.exit(code), FORCED_EXIT_MS).unref();
    void box.close().then(() => process.exit(code));
  };
  // SIGTERM (a restart or an upgrade): drain first, so live sessions end on their own terms.
  process.on('SIGTERM', () => {
    if (stopping) return closeNow('second SIGTERM while draining', 1);
    stopping = true;
    const timeoutS = mediaConfig.drainTimeoutS;
    logger.warn({ timeoutS }, 'SIGTERM: draining (no new rooms or joins; waiting for live rooms to end)');
    void box.drain(timeoutS).then((outcome) => {
      logger.warn({ outcome }, outcome === 'idle' ? 'drained: no live room left' : 'drain timed out');
      closeNow('drained', 0);
    });
  });
  // Ctrl-C at a terminal means now.
  process.once('SIGINT', () => {
    stopping = true;
    closeNow('SIGINT', 0);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
