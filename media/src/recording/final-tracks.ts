import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { RecordingTrack } from '@riffroom/protocol';
import type { Logger } from 'pino';
import { probeDurationMs } from './crash-recovery.js';
import { MIX_FILE, type RecordingFiles } from './recording-files.js';
import type { RecordingTimeline } from './recording-timeline.js';
import { alignStem, roughMix, type TimedFile } from './stem-alignment.js';
import { trackLabel } from './track-names.js';

export interface FinishContext {
  recordingId: string;
  files: RecordingFiles;
  timeline: RecordingTimeline;
  ffmpegBin: string;
  logger: Logger;
}

/**
 * How long the stems and the mix last: the recording's length, or as far as a program audio copy
 * reaches if that is further. Its ffmpeg writes until it reads Stop's 'q', a few tens of ms after
 * the recording's end was taken; the stems end with it, so they last as long as program.ogg.
 */
async function timelineMs(context: FinishContext, durationMs: number): Promise<number> {
  let length = durationMs;
  for (const copy of context.timeline.copied.filter((candidate) => candidate.kind === 'program')) {
    const playsMs = await probeDurationMs(context.ffmpegBin, path.join(context.files.directory, copy.file));
    if (playsMs !== null) length = Math.max(length, Math.round(copy.offsetMs + playsMs));
  }
  return length;
}

/**
 * A stopped recording's tracks: the copies as they are, each talker's segments aligned into one
 * stem on the timeline, and a rough mix of program audio and the stems. A stem or mix that fails
 * is logged and left out (a talker's raw segments stay listed instead): what was recorded is kept.
 * Empty files are not listed. Answers the tracks and the recording's length, as far as program.ogg
 * reaches (timelineMs).
 */
export async function finalTracks(
  context: FinishContext,
  recordedMs: number,
): Promise<{ tracks: RecordingTrack[]; durationMs: number }> {
  const { files, timeline, ffmpegBin, logger, recordingId } = context;
  const durationMs = await timelineMs(context, recordedMs);
  const { directory } = files;
  const tracks: RecordingTrack[] = [];
  for (const copy of timeline.copied) {
    tracks.push(await files.describe(copy.file, copy.kind, trackLabel(copy.kind, copy.file), null, copy.offsetMs));
  }
  const mixInputs: TimedFile[] = timeline.copied
    .filter((copy) => copy.kind === 'program')
    .map((copy) => ({ file: path.join(directory, copy.file), offsetMs: copy.offsetMs }));
  for (const talker of timeline.allTalkers()) {
    const segments = await files.existing(talker.segments);
    // Unique among the recording's files, so a stem never takes another's (or a raw segment's) name.
    const stem = files.nextName(talker.slug, 'ogg');
    try {
      await alignStem(ffmpegBin, segments, durationMs, path.join(directory, stem));
      for (const segment of segments) await rm(segment.file, { force: true });
      tracks.push(await files.describe(stem, 'talker', talker.label, talker.userId, 0));
      mixInputs.push({ file: path.join(directory, stem), offsetMs: 0 });
    } catch (error) {
      logger.error({ err: error, recordingId, stem }, 'could not align a stem; its raw segments stay');
      for (const segment of talker.segments) {
        tracks.push(await files.describe(segment.file, 'talker', talker.label, talker.userId, segment.offsetMs));
      }
    }
  }
  const mixable = await files.existing(mixInputs.map((input) => ({ ...input, file: path.basename(input.file) })));
  if (mixable.length > 0) {
    try {
      await roughMix(ffmpegBin, mixable, durationMs, path.join(directory, MIX_FILE));
      tracks.push(await files.describe(MIX_FILE, 'mix', 'Rough mix', null, 0));
    } catch (error) {
      logger.error({ err: error, recordingId }, 'could not make the rough mix');
    }
  }
  return { tracks: tracks.filter((track) => track.bytes > 0), durationMs };
}
