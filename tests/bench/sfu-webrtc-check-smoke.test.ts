import { expect, it } from 'vitest';
import { runSmokeBench } from './run-bench.js';

// One WebRTC viewer (libwebrtc in Node, ICE/DTLS/SRTP through a WebRtcTransport) beside one plain
// viewer: both must receive frames. No timing is asserted.
it('delivers the stream to a real WebRTC viewer as to a plain RTP one', { timeout: 180_000 }, async () => {
  const { json } = await runSmokeBench('sfu-webrtc-check');

  expect(json.viewers).toBe(1);
  expect(json.webrtcFps).toHaveLength(1);
  expect(json.plainFps).toHaveLength(1);
  expect(json.webrtcFps[0]).toBeGreaterThan(0);
  expect(json.plainFps[0]).toBeGreaterThan(0);
  expect(json.workerCpuPct).toBeGreaterThan(0);
});
