/** `npm run start:media`: the media role of the scaled setup (ARCHITECTURE.md "Scaling out"). */
import { pino } from 'pino';
import { ConfigError, loadMediaConfig } from './config.js';
import { startMediaNode } from './scale/media-node.js';

/** A second SIGTERM, or a close that hangs, must not leave the process up: it exits after this. */
const FORCED_EXIT_MS = 3000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadMediaConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ name: 'media', level: config.logLevel });
  let node;
  try {
    node = await startMediaNode(config, logger);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  logger.info({ port: node.port }, 'media node listening');

  let stopping = false;
  const closeNow = (code: number) => {
    setTimeout(() => process.exit(code), FORCED_EXIT_MS).unref();
    void node.close().then(() => process.exit(code));
  };
  // SIGTERM drains, as the box does: live rooms end on their own terms, or the timeout closes them.
  process.on('SIGTERM', () => {
    if (stopping) return closeNow(1);
    stopping = true;
    void node.drain(config.drainTimeoutS).then((outcome) => {
      logger.warn({ outcome }, 'drained');
      closeNow(0);
    });
  });
  process.once('SIGINT', () => {
    stopping = true;
    closeNow(0);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
