import { writeFile } from 'node:fs/promises';
import type { WaveformPeaks } from '@riffroom/protocol';
import { fileInput, runTool, SAFE_INPUT_ARGS } from './run-tool.js';

/** The waveform is drawn from this many samples a second (mono, 16-bit): plenty for min/max buckets. */
const PEAK_SAMPLE_RATE = 8000;
/** Buckets per second of audio, within these bounds: a 5-minute mix gets 6,000 (a fine waveform). */
const BUCKETS_PER_SECOND = 20;
const MIN_BUCKETS = 200;
const MAX_BUCKETS = 12_000;
/** The preview streams at this rate (Ogg Opus, what every browser plays). */
const PREVIEW_BITRATE = '160k';

export interface Prepared {
  lufs: number | null;
  truePeak: number | null;
}

/** The last number a line of ebur128's summary gives (`I: -14.2 LUFS`, `Peak: -0.9 dBFS`); null for -inf. */
function summaryValue(stderr: string, pattern: RegExp): number | null {
  const matches = [...stderr.matchAll(pattern)];
  const value = Number(matches.at(-1)?.[1]);
  return Number.isFinite(value) ? value : null;
}

/**
 * Buckets of the mono 16-bit samples: a bucket's min and max, as wavesurfer draws them. Keeps
 * running sums only, so a 2-hour file costs no more memory than a short one.
 */
class PeakBuckets {
  private readonly mins: number[];
  private readonly maxs: number[];
  private seen = 0;
  private carry: Buffer | null = null;
  constructor(
    private readonly expectedSamples: number,
    buckets: number,
  ) {
    this.mins = new Array<number>(buckets).fill(0);
    this.maxs = new Array<number>(buckets).fill(0);
  }
  push(chunk: Buffer): void {
    const data = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = data.length - (data.length % 2);
    this.carry = whole < data.length ? data.subarray(whole) : null;
    const buckets = this.mins.length;
    for (let offset = 0; offset < whole; offset += 2) {
      const sample = data.readInt16LE(offset) / 32768;
      const bucket = Math.min(buckets - 1, Math.floor((this.seen * buckets) / this.expectedSamples));
      if (sample < this.mins[bucket]!) this.mins[bucket] = sample;
      if (sample > this.maxs[bucket]!) this.maxs[bucket] = sample;
      this.seen += 1;
    }
  }
  /** Interleaved min,max per bucket, rounded to keep the JSON small. */
  result(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.mins.length; i += 1) {
      out.push(Math.round(this.mins[i]! * 1000) / 1000, Math.round(this.maxs[i]! * 1000) / 1000);
    }
    return out;
  }
}

/**
 * Decodes the original once and, in the same ffmpeg, measures EBU R128 loudness and true peak,
 * writes the streaming preview and feeds the waveform samples to stdout; never touches the original.
 */
export async function prepareAudio(
  ffmpegBin: string,
  input: { original: string; durationMs: number },
  output: { preview: string; peaks: string },
  timeoutMs: number,
): Promise<Prepared> {
  const seconds = input.durationMs / 1000;
  const buckets = Math.max(MIN_BUCKETS, Math.min(MAX_BUCKETS, Math.round(seconds * BUCKETS_PER_SECOND)));
  const peaks = new PeakBuckets(Math.max(1, Math.round(seconds * PEAK_SAMPLE_RATE)), buckets);
  const result = await runTool(
    ffmpegBin,
    [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-loglevel',
      'info',
      '-y',
      ...SAFE_INPUT_ARGS,
      '-i',
      fileInput(input.original),
      '-filter_complex',
      '[0:a:0]asplit=3[m][p][w];' +
        '[m]ebur128=peak=true:framelog=verbose,anullsink;' +
        '[p]aformat=channel_layouts=stereo|mono[po];' +
        `[w]aformat=sample_fmts=s16:channel_layouts=mono,aresample=${PEAK_SAMPLE_RATE}[wo]`,
      '-map',
      '[po]',
      '-c:a',
      'libopus',
      '-b:a',
      PREVIEW_BITRATE,
      '-f',
      'ogg',
      fileInput(output.preview),
      '-map',
      '[wo]',
      '-f',
      's16le',
      'pipe:1',
    ],
    { timeoutMs, onStdout: (chunk) => peaks.push(chunk) },
  );
  if (result.code !== 0) {
    const reason = result.stderr.trim().split('\n').at(-1) ?? 'ffmpeg failed';
    throw new Error(`The preview could not be made: ${reason}`);
  }
  const waveform: WaveformPeaks = { durationMs: input.durationMs, peaks: [peaks.result()] };
  await writeFile(output.peaks, JSON.stringify(waveform));
  return {
    lufs: summaryValue(result.stderr, /I:\s+(-?[\d.]+|-inf|nan) LUFS/g),
    truePeak: summaryValue(result.stderr, /Peak:\s+(-?[\d.]+|-inf|nan) dBFS/g),
  };
}
