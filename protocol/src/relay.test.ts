import { describe, expect, it } from 'vitest';
import { audioChunkPayloadSchema, relayDemandSchema, screenFramePayloadSchema } from './relay.js';

describe('relay payloads', () => {
  it('take binary frames with or without a roomId', () => {
    const frame = Buffer.from([0xff, 0xd8, 0xff]);
    expect(screenFramePayloadSchema.parse({ frame })).toEqual({ frame, rendition: 'full' });
    expect(screenFramePayloadSchema.parse({ roomId: 'abc1234', frame: new Uint8Array(3) }).roomId).toBe('abc1234');
  });

  it('refuse base64 text, arrays and missing frames', () => {
    for (const frame of ['/9j/4AAQ', [255, 216, 255], undefined, null]) {
      expect(screenFramePayloadSchema.safeParse({ frame }).success).toBe(false);
    }
    expect(screenFramePayloadSchema.safeParse({ roomId: '../x', frame: new Uint8Array(1) }).success).toBe(false);
  });

  it('want a whole, non-negative timestamp with each audio chunk', () => {
    const data = new Uint8Array([1]);
    expect(audioChunkPayloadSchema.safeParse({ data, timestamp: 20_000, duration: 20_000 }).success).toBe(true);
    expect(audioChunkPayloadSchema.safeParse({ data, timestamp: -1 }).success).toBe(false);
    expect(audioChunkPayloadSchema.safeParse({ data, timestamp: 1.5 }).success).toBe(false);
    expect(audioChunkPayloadSchema.safeParse({ data: 'AQ==', timestamp: 0 }).success).toBe(false);
  });

  it('take a frame of either rendition, full when a host does not say, and refuse any other', () => {
    const frame = new Uint8Array([0xff, 0xd8, 0xff]);
    expect(screenFramePayloadSchema.parse({ frame, rendition: 'small' }).rendition).toBe('small');
    expect(screenFramePayloadSchema.parse({ frame }).rendition).toBe('full');
    for (const rendition of ['medium', 'SMALL', 640, null]) {
      expect(screenFramePayloadSchema.safeParse({ frame, rendition }).success).toBe(false);
    }
  });

  it('read a demand without small guests as none, and never more small guests than guests', () => {
    expect(relayDemandSchema.parse({ guests: 3 })).toEqual({ guests: 3, small: 0 });
    expect(relayDemandSchema.parse({ guests: 3, small: 3 })).toEqual({ guests: 3, small: 3 });
    expect(relayDemandSchema.safeParse({ guests: 1, small: 2 }).success).toBe(false);
    expect(relayDemandSchema.safeParse({ guests: 2, small: -1 }).success).toBe(false);
    expect(relayDemandSchema.safeParse({ guests: 2, small: 0.5 }).success).toBe(false);
  });
});
