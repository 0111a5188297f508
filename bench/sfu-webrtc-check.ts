/**
 * Does the WebRTC path deliver what the plain-RTP viewers of sfu-fanout measure? A few real WebRTC
 * viewers (libwebrtc through @roamhq/wrtc, negotiated by mediasoup-client's Chrome111 handler,
 * ICE + DTLS + SRTP on WebRtcTransports) decode the same stream beside as many plain viewers, in
 * one run; frame rates and worker CPU per forwarded packet side by side.
 *
 *   npx tsx bench/sfu-webrtc-check.ts [--viewers 3] | --smoke --out DIR
 */
import { Device } from 'mediasoup-client';
import type { types as client } from 'mediasoup-client';
import type { types } from 'mediasoup';
import { formatTable, machineNote, round, sleep, writeResults } from './lib/report.js';
import { openSfuBench } from './lib/sfu-bench.js';
import type { SinkReport } from './lib/udp-sinks-process.js';
import { addViewer, createProducer, createRouter, workerCpuUs } from './lib/sfu-harness.js';
import { wrtc } from './lib/wrtc-globals.js';

interface WebRtcViewer {
  frames: number;
  close: () => void;
}

async function addWebRtcViewer(router: types.Router, producerId: string): Promise<WebRtcViewer> {
  const server = await router.createWebRtcTransport({
    listenInfos: [{ protocol: 'udp', ip: '127.0.0.1' }],
  });
  const device = new Device({ handlerName: 'Chrome111' });
  // Server (3.19) and client (3.24) describe the same wire objects with slightly different types.
  await device.load({ routerRtpCapabilities: router.rtpCapabilities as client.RtpCapabilities });
  const transport = device.createRecvTransport({
    id: server.id,
    iceParameters: server.iceParameters,
    iceCandidates: server.iceCandidates,
    dtlsParameters: server.dtlsParameters as client.DtlsParameters,
  });
  transport.on('connect', ({ dtlsParameters }, done, fail) => {
    server.connect({ dtlsParameters }).then(done, fail);
  });
  const consumer = await server.consume({
    producerId,
    rtpCapabilities: device.rtpCapabilities as types.RtpCapabilities,
    paused: true,
  });
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

const viewersFrom = (args: Map<string, string | true>, smoke: boolean) =>
  smoke ? 1 : Number(args.get('viewers') ?? 3);
const bench = await openSfuBench({ workers: 1, sinks: viewersFrom });
const { args, smoke, outDir, machineBefore, sender, senderPort, sinks, sinkPorts: ports } = bench;
const worker = bench.workers[0];
const viewers = viewersFrom(args, smoke);
const windowMs = smoke ? 2000 : 8000;
const webrtcViewers: WebRtcViewer[] = [];
let result: Record<string, unknown>;
try {
  const router = await createRouter(worker!);
  const { producer, port } = await createProducer(router, senderPort, 1000);
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
  await bench.close();
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
