import { expect, it } from 'vitest';
import { runSmokeBench } from './run-bench.js';

// The recording benchmark with 5 viewers and 2 s windows: it must keep producing figures.
it(
  'measures fan-out with and without a recording, and the CPU of each recorded track',
  { timeout: 180_000 },
  async () => {
    const { json } = await runSmokeBench('recording');

    expect(json.viewers).toBe(5);
    for (const row of [json.fanout.withoutRecording, json.fanout.withRecording]) {
      expect(row.packetsDelivered).toBeGreaterThan(0);
    }
    expect(json.perTrack.map((track: any) => track.track)).toEqual(['screen (VP8 -> webm)', 'talker (Opus -> ogg)']);
    for (const track of json.perTrack) {
      // The capture wrote its file, and ffmpeg's share of a core was measured. A stream copy over a
      // 2 s window can stay under one clock tick of CPU (10 ms), so the share may round to 0.
      expect(track.bytesPerSecond).toBeGreaterThan(0);
      expect(Number.isFinite(track.ffmpegCorePct) && track.ffmpegCorePct >= 0).toBe(true);
    }
  },
);
