import type { types } from 'mediasoup';
import { describe, expect, it } from 'vitest';
import { highestFitting, layerBitrates } from './layer-ceiling.js';

// Three simulcast streams of three temporal layers: each figure includes the lower temporal layers.
const TABLE = [
  [60_000, 90_000, 120_000],
  [200_000, 300_000, 400_000],
  [600_000, 900_000, 1_200_000],
];

describe('layer ceiling', () => {
  it('takes the highest layers whose bitrate fits the budget, the lowest when none does', () => {
    expect(highestFitting(TABLE, 350_000)).toEqual({ spatialLayer: 1, temporalLayer: 1 });
    expect(highestFitting(TABLE, 5_000_000)).toEqual({ spatialLayer: 2, temporalLayer: 2 });
    expect(highestFitting(TABLE, 10_000)).toEqual({ spatialLayer: 0, temporalLayer: 0 });
  });

  it("does not offer a larger picture's base temporal layer alone: the smaller picture at full rate instead", () => {
    // 200 kbit/s would carry 640x360 at a quarter of the frame rate; 320x180 at the full rate it is.
    expect(highestFitting(TABLE, 250_000)).toEqual({ spatialLayer: 0, temporalLayer: 2 });
    expect(highestFitting([[60_000], [200_000], [600_000]], 250_000)).toEqual({ spatialLayer: 1, temporalLayer: 0 });
  });

  it('skips layers the host is not sending now', () => {
    expect(highestFitting([[60_000], [0], [0]], 5_000_000)).toEqual({ spatialLayer: 0, temporalLayer: 0 });
  });

  it("reads simulcast streams in the producer's encoding order, and SVC's one stream by layer", () => {
    const simulcast = {
      type: 'simulcast',
      rtpParameters: { encodings: [{ rid: 'r0' }, { rid: 'r1' }] },
    } as unknown as types.Producer;
    const stats = [
      { rid: 'r1', bitrate: 300, bitrateByLayer: { '0.0': 200, '0.1': 300 } },
      { rid: 'r0', bitrate: 90, bitrateByLayer: { '0.1': 90, '0.0': 60 } },
    ] as unknown as types.ProducerStat[];
    expect(layerBitrates(simulcast, stats)).toEqual([
      [60, 90],
      [200, 300],
    ]);
    const svc = { type: 'svc', rtpParameters: { encodings: [{ ssrc: 1 }] } } as unknown as types.Producer;
    const svcStats = [
      { ssrc: 1, bitrate: 500, bitrateByLayer: { '0.0': 50, '0.1': 80, '1.0': 200, '1.1': 500 } },
    ] as unknown as types.ProducerStat[];
    expect(layerBitrates(svc, svcStats)).toEqual([
      [50, 80],
      [200, 500],
    ]);
  });
});
