import type { types } from 'mediasoup';
import { describe, expect, it } from 'vitest';
import { layerCounts } from './consumer-layers.js';

const withMode = (scalabilityMode?: string) =>
  ({ codecs: [], encodings: [{ ssrc: 1, ...(scalabilityMode ? { scalabilityMode } : {}) }] }) as types.RtpParameters;

describe("a consumer's layer counts", () => {
  it('reads simulcast (L3T3) and k-SVC (L3T3_KEY) modes', () => {
    expect(layerCounts(withMode('L3T3'))).toEqual({ spatialLayers: 3, temporalLayers: 3 });
    expect(layerCounts(withMode('L3T3_KEY'))).toEqual({ spatialLayers: 3, temporalLayers: 3 });
    expect(layerCounts(withMode('L1T3'))).toEqual({ spatialLayers: 1, temporalLayers: 3 });
  });

  it('counts one layer of each for a plain stream', () => {
    expect(layerCounts(withMode())).toEqual({ spatialLayers: 1, temporalLayers: 1 });
    expect(layerCounts({ codecs: [] } as types.RtpParameters)).toEqual({ spatialLayers: 1, temporalLayers: 1 });
  });
});
