import type { AudioInfo } from '@riffroom/protocol';
import { z } from 'zod';
import { fileInput, runTool, SAFE_INPUT_ARGS } from './run-tool.js';

const PROBE_TIMEOUT_MS = 30_000;

/** The audio an upload may hold (issue 36): WAV, AIFF, FLAC, MP3, AAC/M4A, Ogg Vorbis/Opus. */
const LOSSLESS_CODEC = /^(pcm_|flac$|alac$)/;
const LOSSY_CODECS = new Set(['mp3', 'aac', 'opus', 'vorbis']);

const probeSchema = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        sample_rate: z.coerce.number().optional(),
        channels: z.number().optional(),
        bits_per_sample: z.number().optional(),
        bits_per_raw_sample: z.string().optional(),
      }),
    )
    .default([]),
  format: z.object({ format_name: z.string(), duration: z.coerce.number().optional() }).optional(),
});

/** The upload is not audio we take; `message` says so in words a person understands. */
export class NotAudioError extends Error {
  override readonly name = 'NotAudioError';
}

const NOT_AUDIO =
  'This file is not audio Riffroom can play. Upload WAV, AIFF, FLAC, MP3, AAC/M4A or Ogg (Vorbis, Opus).';

/**
 * Reads what the file really is with ffprobe (never its name or the type the browser claimed):
 * the container and its first audio stream. Throws NotAudioError for anything else.
 */
export async function probeAudio(ffprobeBin: string, file: string): Promise<AudioInfo> {
  const result = await runTool(
    ffprobeBin,
    [
      '-v',
      'error',
      ...SAFE_INPUT_ARGS,
      '-show_entries',
      'format=format_name,duration:stream=codec_type,codec_name,sample_rate,channels,bits_per_sample,bits_per_raw_sample',
      '-of',
      'json',
      fileInput(file),
    ],
    { timeoutMs: PROBE_TIMEOUT_MS },
  );
  if (result.code !== 0) throw new NotAudioError(NOT_AUDIO);
  let parsed: z.infer<typeof probeSchema>;
  try {
    parsed = probeSchema.parse(JSON.parse(result.stdout));
  } catch {
    throw new NotAudioError(NOT_AUDIO);
  }
  const audio = parsed.streams.find((stream) => stream.codec_type === 'audio');
  const codec = audio?.codec_name ?? '';
  const lossless = LOSSLESS_CODEC.test(codec);
  if (!audio || !parsed.format || (!lossless && !LOSSY_CODECS.has(codec))) throw new NotAudioError(NOT_AUDIO);
  const durationS = parsed.format.duration ?? 0;
  if (!(durationS > 0) || !(Number(audio.sample_rate) > 0)) throw new NotAudioError(NOT_AUDIO);
  const rawBits = Number(audio.bits_per_raw_sample);
  const bits = rawBits > 0 ? rawBits : (audio.bits_per_sample ?? 0);
  return {
    format: parsed.format.format_name,
    codec,
    sampleRate: Number(audio.sample_rate),
    channels: audio.channels ?? 0,
    bitDepth: lossless && bits > 0 ? bits : null,
    durationMs: Math.round(durationS * 1000),
  };
}
