import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ProbedStream {
  codec: string;
  channels?: number;
  sampleRate?: number;
  width?: number;
  height?: number;
}

/** ffprobe's view of a media file: its first stream and the container's duration (s, NaN if unknown). */
export async function probeMedia(file: string): Promise<{ stream: ProbedStream; durationS: number }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,channels,sample_rate,width,height:format=duration',
    '-of',
    'json',
    file,
  ]);
  const parsed = JSON.parse(stdout) as {
    streams: { codec_name: string; channels?: number; sample_rate?: string; width?: number; height?: number }[];
    format: { duration?: string };
  };
  const first = parsed.streams[0];
  if (!first) throw new Error(`${file} has no stream`);
  return {
    stream: {
      codec: first.codec_name,
      channels: first.channels,
      sampleRate: first.sample_rate ? Number(first.sample_rate) : undefined,
      width: first.width,
      height: first.height,
    },
    durationS: Number(parsed.format.duration ?? Number.NaN),
  };
}

/** Decodes the whole file (it plays) and answers how long it is by its decoded samples or frames, in s. */
export async function decodedDurationS(file: string): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-i', file, '-f', 'null', '-'], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const times = [...stderr.matchAll(/time=(\d+):(\d+):([\d.]+)/g)];
  const last = times.at(-1);
  if (!last) throw new Error(`ffmpeg decoded nothing of ${file}`);
  return Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]);
}

/** The loudest sample in [fromS, fromS + lengthS) of an audio file, in dBFS (-91 is digital silence). */
export async function maxVolumeDb(file: string, fromS: number, lengthS: number): Promise<number> {
  return volumeDb(file, fromS, lengthS, '', 'max_volume');
}

/**
 * The mean level (dBFS) of an audio file's band around `hz` in [fromS, fromS + lengthS): a tone at
 * `hz` stands out there, while broadband noise or another tone falls mostly outside the band.
 */
export async function bandLevelDb(file: string, hz: number, fromS: number, lengthS: number): Promise<number> {
  const band = `bandpass=f=${hz}:width_type=h:w=40`;
  return volumeDb(file, fromS, lengthS, `${band},${band},`, 'mean_volume');
}

/** ffmpeg's volumedetect over [fromS, fromS + lengthS) after `filters`; -inf (silence) reads as -200. */
async function volumeDb(
  file: string,
  fromS: number,
  lengthS: number,
  filters: string,
  measure: 'max_volume' | 'mean_volume',
): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-ss', String(fromS), '-t', String(lengthS), '-i', file],
    ...['-af', `${filters}volumedetect`, '-f', 'null', '-'],
  ]);
  const match = new RegExp(`${measure}: (-?[\\d.]+|-inf) dB`).exec(stderr);
  if (!match) throw new Error(`no volume measured in ${file}`);
  return match[1] === '-inf' ? -200 : Number(match[1]);
}
