import path from 'node:path';
import type { Logger } from 'pino';
import type { MediaConfig } from '../config.js';
import type { RecordingCatalog } from './recording-catalog.js';
import type { RecorderSettings } from './room-recording.js';

/** How often a running recording checks the free disk space (RECORDINGS_MIN_FREE_MB). */
const DISK_CHECK_MS = 2000;

/** The recorders' settings from the media node's configuration. */
export function recorderSettings(
  config: Pick<MediaConfig, 'dataDir' | 'ffmpegBin' | 'recordingsMinFreeMb' | 'nodeId'>,
  catalog: RecordingCatalog,
  logger: Logger,
): RecorderSettings {
  return {
    dir: path.resolve(config.dataDir, 'recordings'),
    ffmpegBin: config.ffmpegBin,
    minFreeBytes: config.recordingsMinFreeMb * 1024 * 1024,
    diskCheckMs: DISK_CHECK_MS,
    catalog,
    nodeId: config.nodeId,
    logger: logger.child({ part: 'recording' }),
  };
}
