import type { types } from 'mediasoup';
import { describe, expect, it } from 'vitest';
import { captureSdp } from './capture-sdp.js';

const consumerWith = (codec: Record<string, unknown>) => ({
  kind: 'audio' as const,
  rtpParameters: { codecs: [{ mimeType: 'audio/opus', payloadType: 100, clockRate: 48000, ...codec }] },
});

const sdpOf = (codec: Record<string, unknown>) =>
  captureSdp(consumerWith(codec) as unknown as { kind: types.MediaKind; rtpParameters: types.RtpParameters }, 40000);

describe('the capture SDP (issue 34 item 5)', () => {
  it('writes the consumer’s codec, channels and known format parameters', () => {
    const sdp = sdpOf({ channels: 2, parameters: { stereo: 1, useinbandfec: 1, 'sprop-stereo': 1 } });
    expect(sdp).toContain('m=audio 40000 RTP/AVP 100\n');
    expect(sdp).toContain('a=rtpmap:100 opus/48000/2\n');
    expect(sdp).toContain('a=fmtp:100 stereo=1;useinbandfec=1;sprop-stereo=1\n');
  });

  it('writes no parameter a member could turn into SDP lines, whatever reached it', () => {
    const sdp = sdpOf({
      parameters: {
        'x-note': '1\nm=audio 47772 RTP/AVP 111\nc=IN IP4 127.0.0.2\na=rtpmap:111 opus/48000/2',
        minptime: '10\r\nm=audio 47774 RTP/AVP 111',
        useinbandfec: 1,
      },
    });
    expect(sdp.split('\n').filter((line) => line.startsWith('m='))).toEqual(['m=audio 40000 RTP/AVP 100']);
    expect(sdp).not.toContain('47772');
    expect(sdp).not.toContain('\r');
    expect(sdp).toContain('a=fmtp:100 useinbandfec=1\n');
  });

  it('refuses a codec it cannot write as one token', () => {
    expect(() => sdpOf({ mimeType: 'audio/opus/48000\nm=audio 1 RTP/AVP 1' })).toThrow();
    expect(() => sdpOf({ payloadType: '100\nm=audio' })).toThrow();
  });
});
