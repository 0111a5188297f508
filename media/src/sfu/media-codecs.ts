import type { types } from 'mediasoup';

/**
 * Every room's router. Opus is declared stereo so program audio keeps both channels; VP8 first as
 * the screen-share default (and SCREEN_LAYERS=simulcast), VP9 profile 0 for SCREEN_LAYERS=svc
 * (browsers encode SVC in profile 0, 8-bit), VP9 profile 2 and H264 for browsers and hardware
 * encoders that prefer them.
 */
export const ROOM_MEDIA_CODECS: types.RouterRtpCodecCapability[] = [
  { kind: 'audio', mimeType: 'audio/opus', clockRate: 48000, channels: 2 },
  { kind: 'video', mimeType: 'video/VP8', clockRate: 90000, parameters: { 'x-google-start-bitrate': 1000 } },
  {
    kind: 'video',
    mimeType: 'video/VP9',
    clockRate: 90000,
    parameters: { 'profile-id': 0, 'x-google-start-bitrate': 1000 },
  },
  {
    kind: 'video',
    mimeType: 'video/VP9',
    clockRate: 90000,
    parameters: { 'profile-id': 2, 'x-google-start-bitrate': 1000 },
  },
  {
    kind: 'video',
    mimeType: 'video/h264',
    clockRate: 90000,
    parameters: {
      'packetization-mode': 1,
      'profile-level-id': '42e01f',
      'level-asymmetry-allowed': 1,
      'x-google-start-bitrate': 1000,
    },
  },
];
