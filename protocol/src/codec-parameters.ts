import { z } from 'zod';

/**
 * A codec's format parameters (SDP fmtp) as a producer declares them. mediasoup keeps them with the
 * producer and hands them to every consumer, and the recorder writes a consumer's into the SDP file
 * its ffmpeg reads (media capture-sdp.ts): a value is therefore one safe token, never text that
 * could carry a line break or an SDP line of its own (issue 34 item 5).
 */

/**
 * The fmtp keys kept: Opus (RFC 7587), VP8 (RFC 7741), VP9 (profile-id), H264 (RFC 6184), RTX
 * (RFC 4588) and libwebrtc's x-google bitrates. A safe key outside this list is dropped (no browser
 * needs it here); a key or value that is not a safe token refuses the whole request.
 */
export const KNOWN_CODEC_PARAMETERS = [
  'minptime',
  'ptime',
  'maxptime',
  'useinbandfec',
  'usedtx',
  'stereo',
  'sprop-stereo',
  'maxplaybackrate',
  'sprop-maxcapturerate',
  'maxaveragebitrate',
  'cbr',
  'max-fs',
  'max-fr',
  'profile-id',
  'packetization-mode',
  'profile-level-id',
  'level-asymmetry-allowed',
  'apt',
  'rtx-time',
  'x-google-start-bitrate',
  'x-google-max-bitrate',
  'x-google-min-bitrate',
] as const;

const KNOWN = new Set<string>(KNOWN_CODEC_PARAMETERS);
const SAFE_KEY = /^[A-Za-z0-9-]{1,64}$/;
const SAFE_TEXT = /^[A-Za-z0-9._-]{1,64}$/;
const MAX_PARAMETERS = 32;

/** A value as written into an SDP fmtp line: a non-negative integer or one token of [A-Za-z0-9._-]. */
export const codecParameterValueSchema = z.union([
  z.number().int().min(0).max(0xffff_ffff),
  z.string().regex(SAFE_TEXT, 'must be one token of letters, digits, dot, dash or underscore'),
]);

/** Whether this key and value may be written into an SDP fmtp line as they are. */
export function isSafeCodecParameter(key: string, value: unknown): boolean {
  return KNOWN.has(key) && codecParameterValueSchema.safeParse(value).success;
}

/**
 * A codec's parameters from the wire: typed as loosely as mediasoup-client types them, checked key
 * by key, and only the known keys kept.
 */
export const codecParametersSchema = z
  .record(z.string(), z.unknown())
  .superRefine((parameters, context) => {
    const entries = Object.entries(parameters);
    if (entries.length > MAX_PARAMETERS) context.addIssue({ code: 'custom', message: `at most ${MAX_PARAMETERS}` });
    for (const [key, value] of entries) {
      if (!SAFE_KEY.test(key) || !codecParameterValueSchema.safeParse(value).success) {
        context.addIssue({ code: 'custom', message: 'must be an fmtp key with one number or token', path: [key] });
      }
    }
  })
  .transform(
    (parameters) =>
      Object.fromEntries(Object.entries(parameters).filter(([key]) => KNOWN.has(key))) as Record<
        string,
        string | number
      >,
  );

/**
 * One codec of a producer's RTP parameters. The fields written into the recorder's SDP are checked
 * here; the rest (rtcpFeedback) passes to mediasoup, which validates it in full.
 */
export const rtpCodecSchema = z.looseObject({
  mimeType: z.string().regex(/^(audio|video)\/[A-Za-z0-9-]{1,32}$/, 'must be a media type like audio/opus'),
  payloadType: z.number().int().min(0).max(127),
  clockRate: z.number().int().min(1).max(1_000_000),
  channels: z.number().int().min(1).max(8).optional(),
  parameters: codecParametersSchema.optional(),
});
export type RtpCodecPayload = z.infer<typeof rtpCodecSchema>;

/** The media kind a codec's mime type names ('audio/opus' is audio). */
export const kindOfMimeType = (mimeType: string) => mimeType.split('/')[0]!.toLowerCase();
