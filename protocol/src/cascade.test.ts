import { describe, expect, it } from 'vitest';
import { cascadeEdgeMessageSchema, decodeCascadeMedia, encodeCascadeMedia } from './cascade.js';

describe('cascade relay items', () => {
  const frame = new Uint8Array([0xff, 0xd8, 0xff, 7]);

  it('carry each frame with its rendition across the link', () => {
    for (const rendition of ['full', 'small'] as const) {
      expect(decodeCascadeMedia(encodeCascadeMedia({ kind: 'frame', frame, rendition }))).toEqual({
        kind: 'frame',
        frame,
        rendition,
      });
    }
  });

  it('encode a full frame as before the renditions, so an older edge still reads it', () => {
    expect([...encodeCascadeMedia({ kind: 'frame', frame, rendition: 'full' })]).toEqual([1, ...frame]);
  });

  it('drop an item with an unknown tag', () => {
    expect(decodeCascadeMedia(new Uint8Array([9, ...frame]))).toBeNull();
  });
});

describe("an edge's relay demand", () => {
  it('counts no small guests when an older edge does not say, and never more small guests than guests', () => {
    expect(cascadeEdgeMessageSchema.parse({ type: 'relay-demand', guests: 2 })).toEqual({
      type: 'relay-demand',
      guests: 2,
      small: 0,
    });
    expect(cascadeEdgeMessageSchema.parse({ type: 'relay-demand', guests: 2, small: 1 })).toMatchObject({ small: 1 });
    expect(cascadeEdgeMessageSchema.safeParse({ type: 'relay-demand', guests: 1, small: 2 }).success).toBe(false);
    expect(cascadeEdgeMessageSchema.safeParse({ type: 'relay-demand', guests: 1, small: -1 }).success).toBe(false);
  });
});
