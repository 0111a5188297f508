import type { Logger } from 'pino';
import type { RoomHub } from './room-hub.js';

/** How long a node waits to ask again when the API did not answer at start (it may be starting too). */
const RETRY_MS = 5000;

/**
 * At start, takes up the host grace periods the rooms hold (RoomHub.resumeHostGraces), asking again
 * until the API answers: until then an abandoned room only ends later, never not at all.
 */
export function resumeHostGraces(hub: RoomHub, logger: Logger): { stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = () => {
    hub.resumeHostGraces().then(
      (count) => {
        if (count > 0) logger.info({ count }, 'resumed host grace periods');
      },
      (error: unknown) => {
        if (stopped) return;
        logger.warn({ err: error }, 'could not read the host grace periods; asking again');
        timer = setTimeout(attempt, RETRY_MS);
        timer.unref();
      },
    );
  };
  attempt();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
