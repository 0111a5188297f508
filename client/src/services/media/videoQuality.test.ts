import { describe, expect, it } from 'vitest';
import { describeVideoQuality, readVideoReport } from './videoQuality';

function report(entries: Array<Record<string, unknown> & { id: string }>): RTCStatsReport {
  return new Map(entries.map((entry) => [entry.id, entry])) as unknown as RTCStatsReport;
}

const layers = { consumerId: 'c', spatialLayer: 1, temporalLayer: 2, spatialLayers: 3, temporalLayers: 3 };

describe('the received screen in the room stats', () => {
  it("reads the video's size and frame rate, not the audio's", () => {
    const reading = readVideoReport(
      report([
        { id: 'a', type: 'inbound-rtp', kind: 'audio', bytesReceived: 5 },
        { id: 'v', type: 'inbound-rtp', kind: 'video', frameWidth: 640, frameHeight: 360, framesPerSecond: 14.6 },
      ]),
    );
    expect(reading).toEqual({ width: 640, height: 360, fps: 15 });
  });

  it('has nothing to show before the first decoded frame', () => {
    expect(readVideoReport(report([{ id: 'v', type: 'inbound-rtp', kind: 'video', framesPerSecond: 0 }]))).toBeNull();
    expect(readVideoReport(report([]))).toBeNull();
  });

  it('names the layer counted from 1 out of how many, and nothing for a plain stream', () => {
    expect(describeVideoQuality({ width: 640, height: 360, fps: 15, layers })).toBe('640×360 · 15 fps · layer 2/3');
    expect(describeVideoQuality({ width: 1280, height: 720, fps: 30 })).toBe('1280×720 · 30 fps');
    const plain = { ...layers, spatialLayer: 0, spatialLayers: 1 };
    expect(describeVideoQuality({ width: 1280, height: 720, fps: 30, layers: plain })).toBe('1280×720 · 30 fps');
  });

  it('says when the SFU forwards no layer at all', () => {
    const none = { ...layers, spatialLayer: null, temporalLayer: null };
    expect(describeVideoQuality({ width: 320, height: 180, fps: 0, layers: none })).toBe('320×180 · 0 fps · paused');
  });
});
