import type { SfuLayers } from '@riffroom/protocol';
import type { types } from 'mediasoup';

/**
 * How many spatial and temporal layers a consumer can choose from: mediasoup writes them into the
 * consumer's encoding as a scalability mode ('L3T3' for three simulcast streams of three temporal
 * layers, 'L3T3_KEY' for VP9 SVC). A plain stream has one of each.
 */
export function layerCounts(rtpParameters: types.RtpParameters): { spatialLayers: number; temporalLayers: number } {
  const mode = rtpParameters.encodings?.[0]?.scalabilityMode ?? '';
  const match = /^[LS](\d+)T(\d+)/.exec(mode);
  if (!match) return { spatialLayers: 1, temporalLayers: 1 };
  return { spatialLayers: Number(match[1]), temporalLayers: Number(match[2]) };
}

/**
 * Reports a layered consumer's current layers each time mediasoup switches them (its bandwidth
 * estimate for the viewer moved, or the host's encoder dropped a layer), so the viewer can show
 * which layer it gets. A plain stream never switches: nothing to report.
 */
export function reportLayerChanges(consumer: types.Consumer, report: (layers: SfuLayers) => void): void {
  if (consumer.type !== 'simulcast' && consumer.type !== 'svc') return;
  const counts = layerCounts(consumer.rtpParameters);
  consumer.on('layerschange', (layers) =>
    report({
      consumerId: consumer.id,
      spatialLayer: layers?.spatialLayer ?? null,
      temporalLayer: layers?.temporalLayer ?? null,
      ...counts,
    }),
  );
}
