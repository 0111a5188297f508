import { describe, expect, it } from 'vitest';
import { codecParametersSchema, isSafeCodecParameter, rtpCodecSchema } from './codec-parameters.js';
import { talkbackProducePayloadSchema } from './talkback.js';

const opus = { mimeType: 'audio/opus', payloadType: 111, clockRate: 48000, channels: 2 };

describe('codec parameters (issue 34 item 5)', () => {
  it('keeps what browsers declare', () => {
    const chrome = {
      minptime: 10,
      useinbandfec: 1,
      stereo: 1,
      'sprop-stereo': 1,
      usedtx: 0,
      maxaveragebitrate: 256000,
    };
    expect(codecParametersSchema.parse(chrome)).toEqual(chrome);
    const h264 = { 'packetization-mode': 1, 'profile-level-id': '42e01f', 'level-asymmetry-allowed': 1 };
    expect(codecParametersSchema.parse(h264)).toEqual(h264);
  });

  it('drops a safe key it does not know, and refuses any value that is not one token', () => {
    expect(codecParametersSchema.parse({ 'x-note': '1', minptime: 10 })).toEqual({ minptime: 10 });
    for (const bad of [
      { 'x-note': '1\nm=audio 47772 RTP/AVP 111' },
      { minptime: '10\r\na=rtpmap:111 opus/48000' },
      { minptime: '10;x=1' },
      { minptime: 'a b' },
      { 'bad key': 1 },
      { 'key\n': 1 },
      { minptime: -1 },
      { minptime: 1.5 },
      { minptime: { nested: 1 } },
    ]) {
      expect(codecParametersSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(rtpCodecSchema.safeParse({ ...opus, mimeType: 'audio/opus\nm=video 1' }).success).toBe(false);
    expect(rtpCodecSchema.safeParse({ ...opus, payloadType: 300 }).success).toBe(false);
  });

  it('says which parameters may be written into an SDP line', () => {
    expect(isSafeCodecParameter('useinbandfec', 1)).toBe(true);
    expect(isSafeCodecParameter('x-note', '1')).toBe(false);
    expect(isSafeCodecParameter('useinbandfec', '1\nm=audio 1 RTP/AVP 1')).toBe(false);
  });
});

describe('talkback:produce (issue 34 item 6)', () => {
  const payload = (codecs: unknown[], encodings: unknown[] = [{ ssrc: 1 }]) => ({
    roomId: 'abc1234',
    transportId: 't',
    rtpParameters: { codecs, encodings },
  });

  it('takes Opus with one encoding, nothing else', () => {
    expect(talkbackProducePayloadSchema.safeParse(payload([opus])).success).toBe(true);
    const vp8 = { mimeType: 'video/VP8', payloadType: 96, clockRate: 90000 };
    expect(talkbackProducePayloadSchema.safeParse(payload([vp8])).success).toBe(false);
    expect(talkbackProducePayloadSchema.safeParse(payload([opus, vp8])).success).toBe(false);
    expect(talkbackProducePayloadSchema.safeParse(payload([{ ...opus, mimeType: 'audio/PCMU' }])).success).toBe(false);
    expect(talkbackProducePayloadSchema.safeParse(payload([opus], [{ ssrc: 1 }, { ssrc: 2 }])).success).toBe(false);
  });
});
