import path from 'node:path';
import type { Logger } from 'pino';
import type { MediaConfig } from '../config.js';
import { CaptureBudget, defaultMaxCaptures } from './capture-budget.js';
import type { RecordingCatalog } from './recording-catalog.js';
import type { RecorderSettings } from './room-recording.js';

/** How often a running recording checks the free disk space (RECORDINGS_MIN_FREE_MB). */
const DISK_CHECK_MS = 2000;
/** How often a running recording weighs its files against the host's recording space. */
const QUOTA_CHECK_MS = 5000;
/** How often a producer that carries nothing yet is looked at again (or waits for a free capture). */
const FLOW_CHECK_MS = 150;

/** The recorders' settings from the media node's configuration. */
export function recorderSettings(
  config: Pick<
    MediaConfig,
    | 'dataDir'
    | 'ffmpegBin'
    | 'recordingsMinFreeMb'
    | 'nodeId'
    | 'recordingMaxCaptures'
    | 'recordingStartsBurst'
    | 'recordingStartsPerMinute'
  >,
  catalog: RecordingCatalog,
  logger: Logger,
): RecorderSettings {
  return {
    dir: path.resolve(config.dataDir, 'recordings'),
    ffmpegBin: config.ffmpegBin,
    minFreeBytes: config.recordingsMinFreeMb * 1024 * 1024,
    diskCheckMs: DISK_CHECK_MS,
    quotaCheckMs: QUOTA_CHECK_MS,
    flowCheckMs: FLOW_CHECK_MS,
    captures: new CaptureBudget(config.recordingMaxCaptures || defaultMaxCaptures()),
    starts: { burst: config.recordingStartsBurst, perMinute: config.recordingStartsPerMinute },
    catalog,
    nodeId: config.nodeId,
    logger: logger.child({ part: 'recording' }),
  };
}
