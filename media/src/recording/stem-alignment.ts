import { ffmpegToCompletion } from './ffmpeg-process.js';

/** A file on the recording's timeline: it starts `offsetMs` after the recording's t=0. */
export interface TimedFile {
  file: string;
  offsetMs: number;
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * Each input on the timeline: gaps in its timestamps (a muted talker's paused producer, Opus DTX
 * during silence) become silence (aresample's async fill), then it is delayed to its offset.
 */
function placedInputs(inputs: TimedFile[], layout: 'mono' | 'stereo'): string[] {
  return inputs.map((input, i) => {
    const offset = Math.round(input.offsetMs);
    // A capture that began before t=0 (a talker already there at Record) loses its head instead.
    const place =
      offset >= 0 ? `adelay=delays=${offset}:all=1` : `atrim=start=${seconds(-offset)},asetpts=PTS-STARTPTS`;
    return (
      `[${i}:a]aresample=async=1:first_pts=0,aformat=sample_rates=48000:channel_layouts=${layout},` + `${place}[in${i}]`
    );
  });
}

/** Mixes the placed inputs (no level change: a talker is as loud in the mix as in its stem), then pads and cuts to the duration. */
function timelineFilter(inputs: TimedFile[], layout: 'mono' | 'stereo', durationMs: number): string {
  const end = seconds(durationMs);
  const pad = `apad=whole_dur=${end},atrim=end=${end}[out]`;
  const placed = placedInputs(inputs, layout);
  if (inputs.length === 1) return `${placed[0]};[in0]${pad}`;
  const labels = inputs.map((_, i) => `[in${i}]`).join('');
  return [...placed, `${labels}amix=inputs=${inputs.length}:duration=longest:normalize=0,${pad}`].join(';');
}

async function renderTimeline(
  ffmpegBin: string,
  inputs: TimedFile[],
  durationMs: number,
  out: string,
  layout: 'mono' | 'stereo',
  bitrate: string,
): Promise<void> {
  // -n: a file already there is never overwritten (ffmpeg fails instead, and the caller keeps the raw segments).
  const encode = ['-c:a', 'libopus', '-b:a', bitrate, '-f', 'ogg', '-n', out];
  if (inputs.length === 0) {
    await ffmpegToCompletion(ffmpegBin, [
      '-f',
      'lavfi',
      '-i',
      `anullsrc=r=48000:cl=${layout}`,
      '-t',
      seconds(durationMs),
      ...encode,
    ]);
    return;
  }
  const filter = timelineFilter(inputs, layout, durationMs);
  await ffmpegToCompletion(ffmpegBin, [
    ...inputs.flatMap((input) => ['-i', input.file]),
    '-filter_complex',
    filter,
    '-map',
    '[out]',
    ...encode,
  ]);
}

/**
 * A talker's stem: their segments (one per talkback producer they had) placed on the recording's
 * timeline and padded with silence to its full length, so every stem starts at t=0 and ends at
 * the same point. Re-encoded (mono Opus): the padding cannot be added without decoding.
 */
export function alignStem(ffmpegBin: string, segments: TimedFile[], durationMs: number, out: string): Promise<void> {
  return renderTimeline(ffmpegBin, segments, durationMs, out, 'mono', '64k');
}

/** The rough mix: program audio and every talker stem, summed, stereo, over the whole recording. */
export function roughMix(ffmpegBin: string, inputs: TimedFile[], durationMs: number, out: string): Promise<void> {
  return renderTimeline(ffmpegBin, inputs, durationMs, out, 'stereo', '128k');
}
