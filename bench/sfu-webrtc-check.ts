/**
 * Does the WebRTC path deliver what the plain-RTP viewers of sfu-fanout measure? A few real WebRTC
 * viewers (libwebrtc through @roamhq/wrtc, negotiated by mediasoup-client's Chrome111 handler,
 * ICE + DTLS + SRTP on WebRtcTransports) decode the same stream beside as many plain viewers, in
 * one run; frame rates and worker CPU per forwarded packet side by side.
 *
 *   npx tsx bench/sfu-webrtc-check.ts [--viewers 3] | --smoke --out DIR
 */
import wrtc from '@roamhq/wrtc';
import { Device } from 'mediasoup-client';
import type { types as client } from 'mediasoup-client';
import type { types } from 'mediasoup';
import { BenchChild } from './lib/child.js';
import { formatTable, machineNote, parseArgs, RESULTS_DIR, round, sleep, writeResults } from './lib/report.js';
import type { SinkReport } from './lib/udp-sinks-process.js';
import {
  addViewer,
  createProducer,
  createRouter,
  PAYLOAD_TYPE,
  PRODUCER_SSRC,
  startWorkers,
  workerCpuUs,
} from './lib/sfu-harness.js';
import { makeVp8Clip } from './lib/vp8-clip.js';

// mediasoup-client's handler uses the browser globals; libwebrtc's Node binding provides them.
Object.assign(globalThis, {
  RTCPeerConnection: wrtc.RTCPeerConnection,
  RTCSessionDescription: wrtc.RTCSessionDescription,
  RTCIceCandidate: wrtc.RTCIceCandidate,
  MediaStream: wrtc.MediaStream,
  MediaStreamTrack: wrtc.MediaStreamTrack,
  RTCRtpTransceiver: wrtc.RTCRtpTransceiver,
});

const args = parseArgs(process.argv.slice(2));
const smoke = args.has('smoke');
const viewers = smoke ? 1 : Number(args.get('viewers') ?? 3);
const windowMs = smoke ? 2000 : 8000;
const outDir = typeof args.get('out') === 'string' ? (args.get('out') as string) : RESULTS_DIR;
const clipOptions = smoke
  ? { width: 640, height: 360, fps: 30, seconds: 2, kbps: 1500 }
  : { width: 1280, height: 720, fps: 30, seconds: 6, kbps: 1500 };

interface WebRtcViewer {
  frames: number;
  close: () => void;
}

async function addWebRtcViewer(router: types.Router, producerId: string): Promise<WebRtcViewer> {
  const server = await router.createWebRtcTransport({ listenIps: [{ ip: '127.0.0.1' }], enableUdp: true });
  const device = new Device({ handlerName: 'Chrome111' });
  // Server (3.12) and client (3.24) describe the same wire objects with slightly different types.
  await device.load({ routerRtpCapabilities: router.rtpCapabilities as client.RtpCapabilities });
  const transport = device.createRecvTransport({
    id: server.id,
    iceParameters: server.iceParameters,
    // mediasoup 3.12 names a candidate's address `ip`; the 3.24 client reads `address`.
    iceCandidates: server.iceCandidates.map((candidate) => ({ ...candidate, address: candidate.ip })),
    dtlsParameters: server.dtlsParameters as client.DtlsParameters,
  });
  transport.on('connect', ({ dtlsParameters }, done, fail) => {
    server.connect({ dtlsParameters }).then(done, fail);
  });
  const consumer = await server.consume({ producerId, rtpCapabilities: device.rtpCapabilities, paused: true });
  const local = await transport.consume({
    id: consumer.id,
    producerId,
    kind: consumer.kind,
    rtpParameters: consumer.rtpParameters as client.RtpParameters,
  });
  const viewer: WebRtcViewer = { frames: 0, close: () => undefined };
  const sink = new wrtc.nonstandard.RTCVideoSink(
    local.track as unknown as ConstructorParameters<typeof wrtc.nonstandard.RTCVideoSink>[0],
  );
  sink.onframe = () => {
    viewer.frames += 1;
  };
  await consumer.resume();
  viewer.close = () => {
    sink.stop();
    transport.close();
    server.close();
  };
  return viewer;
}

const machineBefore = machineNote();
const clip = makeVp8Clip(clipOptions);
const sender = BenchChild.start(new URL('./lib/rtp-sender-process.ts', import.meta.url));
const sinks = BenchChild.start(new URL('./lib/udp-sinks-process.ts', import.meta.url));
const [worker] = await startWorkers(1);
const webrtcViewers: WebRtcViewer[] = [];
let result: Record<string, unknown>;
try {
  const { port: senderPort } = await sender.request<{ port: number }>('init', {
    clipFile: clip.file,
    fps: clipOptions.fps,
    payloadType: PAYLOAD_TYPE,
    ssrc: PRODUCER_SSRC,
  });
  const router = await createRouter(worker!);
  const { producer, port } = await createProducer(router, senderPort, 1000);
  const { ports } = await sinks.request<{ ports: number[] }>('open', { count: viewers });
  const ssrcs: number[] = [];
  for (let i = 0; i < viewers; i += 1) {
    ssrcs.push((await addViewer(router, producer.id, ports[i]!)).ssrc);
    webrtcViewers.push(await addWebRtcViewer(router, producer.id));
  }
  await sender.request('start', { targets: [{ address: '127.0.0.1', port }] });
  await sleep(3000); // ICE, DTLS and the first keyframe
  const cpuBefore = await workerCpuUs(worker!);
  const framesBefore = webrtcViewers.map((v) => v.frames);
  await sinks.request('reset', { ssrcs });
  const startedAt = Date.now();
  await sleep(windowMs);
  const seconds = (Date.now() - startedAt) / 1000;
  const webrtcFps = webrtcViewers.map((v, i) => round((v.frames - framesBefore[i]!) / seconds));
  const plain = await sinks.request<{ sinks: SinkReport[] }>('report');
  const plainFps = plain.sinks.slice(0, viewers).map((s) => round(s.completeFrames / seconds));
  const cpuUs = (await workerCpuUs(worker!)) - cpuBefore;
  await sender.request('stop');
  const stats = await producer.getStats();
  result = { webrtcFps, plainFps, workerCpuPct: round((100 * cpuUs) / (seconds * 1e6)), producer: stats[0]?.bitrate };
  router.close();
} finally {
  for (const viewer of webrtcViewers) viewer.close();
  await sinks.request('closeAll').catch(() => undefined);
  await Promise.all([sender.close(), sinks.close()]);
  worker!.close();
}

const { webrtcFps, plainFps } = result as { webrtcFps: number[]; plainFps: number[] };
const table = formatTable(
  ['viewer', 'path', 'frames/s (of 30)'],
  [
    ...webrtcFps.map((fps, i) => [i + 1, 'WebRTC (decoded)', fps]),
    ...plainFps.map((fps, i) => [i + 1, 'plain RTP (complete)', fps]),
  ],
);
console.log(`\n${table}\n`);
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
const ratio = round(mean(webrtcFps) / Math.max(0.01, mean(plainFps)), 2);
console.log(`WebRTC ÷ plain frame rate: ${ratio}`);
const files = writeResults(
  outDir,
  'sfu-webrtc-check',
  {
    benchmark: 'sfu-webrtc-check',
    smoke,
    date: new Date().toISOString(),
    machine: { before: machineBefore, after: machineNote(), note: 'shared 2-core box; other work ran alongside' },
    viewers,
    windowMs,
    ...result,
    webrtcToPlainFrameRate: ratio,
  },
  {},
);
console.log(`wrote ${files.join(', ')}`);
// libwebrtc's Node binding can crash while Node tears down on a natural exit, after everything
// here is done and written; an explicit exit skips that teardown.
process.exit(0);
