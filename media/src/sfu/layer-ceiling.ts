import type { types } from 'mediasoup';

export interface Layers {
  spatialLayer: number;
  temporalLayer: number;
}

/**
 * What each layer of a host's video costs a viewer now, in bit/s, as mediasoup measures the
 * producer's streams: table[spatial][temporal]. The figures are the ones mediasoup's own layer
 * choice uses (SimulcastConsumer/SvcConsumer ask the same counters): for simulcast each spatial
 * layer is its own stream and a temporal layer's figure includes the lower temporal layers of that
 * stream; for SVC the one stream's "s.t" figure includes every layer below it. 0: not received now.
 */
export function layerBitrates(producer: types.Producer, stats: types.ProducerStat[]): number[][] {
  if (producer.type === 'svc') {
    const stream = stats[0];
    if (!stream) return [];
    const table: number[][] = [];
    for (const [key, bitrate] of Object.entries(stream.bitrateByLayer ?? {})) {
      const [spatial, temporal] = key.split('.').map(Number) as [number, number];
      (table[spatial] ??= [])[temporal] = bitrate;
    }
    return table.map((row) => Array.from(row, (bitrate) => bitrate ?? 0));
  }
  // Simulcast: spatial layer i is the producer's encoding i (mediasoup orders them that way).
  return (producer.rtpParameters.encodings ?? []).map((encoding) => {
    const stream = stats.find((s) => (encoding.rid ? s.rid === encoding.rid : s.ssrc === encoding.ssrc));
    if (!stream) return [0];
    const temporal = Object.entries(stream.bitrateByLayer ?? {})
      .filter(([key]) => key.startsWith('0.'))
      .sort(([a], [b]) => Number(a.slice(2)) - Number(b.slice(2)))
      .map(([, bitrate]) => bitrate);
    return temporal.length ? temporal : [stream.bitrate];
  });
}

/** Whether `a` is a higher layer than `b` (spatial first, then temporal). */
export const above = (a: Layers, b: Layers) =>
  a.spatialLayer > b.spatialLayer || (a.spatialLayer === b.spatialLayer && a.temporalLayer > b.temporalLayer);

/**
 * Whether a layer is one the plan offers. A larger picture's base temporal layer alone (a quarter of
 * the frame rate: about 7 fps of a 30 fps share) is not: a cursor or a scroll at that rate reads as
 * a slide show, and the smaller picture at full rate costs less (issue 21 asks 15 fps of a 1 Mbit/s
 * viewer). The lowest picture keeps its base layer: it is what a thin link gets. mediasoup may still
 * pass through such a layer below the ceiling while its own estimate is low.
 */
const offered = (row: number[], spatialLayer: number, temporalLayer: number) =>
  spatialLayer === 0 || temporalLayer > 0 || row.length === 1;

/** The highest layers whose bitrate fits `budget`; the lowest layers when none does. */
export function highestFitting(table: number[][], budget: number): Layers {
  let best: Layers = { spatialLayer: 0, temporalLayer: 0 };
  table.forEach((row, spatialLayer) =>
    row.forEach((bitrate, temporalLayer) => {
      const layers = { spatialLayer, temporalLayer };
      if (!offered(row, spatialLayer, temporalLayer)) return;
      if (bitrate > 0 && bitrate <= budget && above(layers, best)) best = layers;
    }),
  );
  return best;
}

export const sameLayers = (a: Layers | null, b: Layers) =>
  a?.spatialLayer === b.spatialLayer && a.temporalLayer === b.temporalLayer;
