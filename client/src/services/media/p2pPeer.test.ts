import { describe, expect, it } from 'vitest';
import { stereoOpusSdp, videoStartBitrateSdp } from './p2pPeer';

const SDP = [
  'v=0',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 63',
  'a=rtpmap:111 opus/48000/2',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'a=rtpmap:63 red/48000/2',
  'a=fmtp:63 111/111',
  '',
].join('\r\n');

describe('stereo Opus for the peer-to-peer call', () => {
  it('asks for stereo, no DTX and a high ceiling on the Opus payload only, keeping its other parameters', () => {
    const out = stereoOpusSdp(SDP, 510_000);
    expect(out).toContain(
      'a=fmtp:111 minptime=10;useinbandfec=1;stereo=1;sprop-stereo=1;usedtx=0;maxaveragebitrate=510000\r\n',
    );
    expect(out).toContain('a=fmtp:63 111/111\r\n');
  });

  it('leaves an SDP without Opus alone', () => {
    const video = 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=rtpmap:96 VP8/90000\r\n';
    expect(stereoOpusSdp(video)).toBe(video);
  });
});

describe("the video encoder's start bitrate for the peer-to-peer call", () => {
  const VIDEO = [
    'v=0',
    'm=video 9 UDP/TLS/RTP/SAVPF 96 97 98',
    'a=rtpmap:96 VP8/90000',
    'a=rtcp-fb:96 nack',
    'a=rtpmap:97 rtx/90000',
    'a=fmtp:97 apt=96',
    'a=rtpmap:98 H264/90000',
    'a=fmtp:98 profile-level-id=42e01f;packetization-mode=1',
    '',
  ].join('\r\n');

  it('adds x-google-start-bitrate to each video codec, keeping other parameters, and not to RTX', () => {
    const out = videoStartBitrateSdp(VIDEO, 1000);
    expect(out).toContain('a=rtpmap:96 VP8/90000\r\na=fmtp:96 x-google-start-bitrate=1000\r\n');
    expect(out).toContain('a=fmtp:98 profile-level-id=42e01f;packetization-mode=1;x-google-start-bitrate=1000\r\n');
    expect(out).toContain('a=fmtp:97 apt=96\r\n');
    expect(videoStartBitrateSdp(out, 1000)).toBe(out);
  });

  it('leaves an audio-only SDP alone', () => {
    expect(videoStartBitrateSdp(SDP)).toBe(SDP);
  });
});
