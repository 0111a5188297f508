import { describe, expect, it } from 'vitest';
import { stereoOpusSdp } from './p2pPeer';

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
