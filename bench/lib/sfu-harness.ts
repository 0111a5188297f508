/**
 * The SFU side of the benchmarks, built the way the media node builds it: mediasoup loaded through
 * media/src/sfu/load-mediasoup.ts with the worker binary and port range from media/src/config.ts.
 * The producer and every viewer are PlainTransports (no ICE/DTLS) on 127.0.0.1; viewers may
 * encrypt (SRTP, as every WebRTC viewer's transport does).
 */
import type { types } from 'mediasoup';
import { loadMediaConfig } from '../../media/src/config.js';
import { loadMediasoup } from '../../media/src/sfu/load-mediasoup.js';
import type { SfuVariant } from './sfu-variants.js';

export const PAYLOAD_TYPE = 101;
export const PRODUCER_SSRC = 0x11223344;
const LISTEN_IP = '127.0.0.1';

const MEDIA_CODECS: types.RouterRtpCodecCapability[] = [{ kind: 'video', mimeType: 'video/VP8', clockRate: 90000 }];

/** `count` workers of the media node's mediasoup, or of the given variant (bench/lib/sfu-variants.ts). */
export async function startWorkers(count: number, variant?: SfuVariant): Promise<types.Worker[]> {
  const config = loadMediaConfig(process.env, { workers: Math.max(1, count), workerLogLevel: 'error' });
  const mediasoup = variant?.mediasoup ?? (await loadMediasoup(config.workerBin));
  const workers: types.Worker[] = [];
  for (let i = 0; i < count; i += 1) {
    workers.push(
      await mediasoup.createWorker({
        logLevel: config.workerLogLevel,
        disableLiburing: variant?.disableLiburing ?? config.workerDisableLiburing,
        rtcMinPort: config.rtcMinPort,
        rtcMaxPort: config.rtcMaxPort,
      }),
    );
  }
  return workers;
}

export function createRouter(worker: types.Worker): Promise<types.Router> {
  return worker.createRouter({ mediaCodecs: MEDIA_CODECS });
}

export interface SfuProducer {
  transport: types.PlainTransport;
  producer: types.Producer;
  /** Where the RTP sender must send. */
  port: number;
}

/** The host's stream: RTP in from `senderPort`; PLIs go back to that same port (rtcp-mux). */
export async function createProducer(
  router: types.Router,
  senderPort: number,
  keyFrameRequestDelay: number,
): Promise<SfuProducer> {
  const transport = await router.createPlainTransport({ listenIp: LISTEN_IP, rtcpMux: true, comedia: false });
  await transport.connect({ ip: LISTEN_IP, port: senderPort });
  const producer = await transport.produce({
    kind: 'video',
    keyFrameRequestDelay,
    rtpParameters: {
      codecs: [
        {
          mimeType: 'video/VP8',
          payloadType: PAYLOAD_TYPE,
          clockRate: 90000,
          rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'ccm', parameter: 'fir' }],
        },
      ],
      encodings: [{ ssrc: PRODUCER_SSRC }],
    },
  });
  return { transport, producer, port: transport.tuple.localPort };
}

export interface SfuViewer {
  transport: types.PlainTransport;
  consumer: types.Consumer;
  /** The SFU's port for this viewer, where its RTCP (PLI) goes. */
  port: number;
  ssrc: number;
}

/**
 * What a plain RTP viewer can do: the router's codecs with NACK/PLI/FIR, no header extensions and
 * no transport-cc (it sends no congestion feedback, so bandwidth probing would be noise).
 */
function plainViewerCapabilities(router: types.Router): types.RtpCapabilities {
  return {
    codecs: router.rtpCapabilities.codecs!.map((codec) => ({
      ...codec,
      rtcpFeedback: (codec.rtcpFeedback ?? []).filter((fb) => fb.type !== 'transport-cc' && fb.type !== 'goog-remb'),
    })),
    headerExtensions: [],
  };
}

/**
 * One viewer: a PlainTransport sending to the viewer's own UDP port (comedia off). With `srtp`
 * every packet is encrypted on the way out (AES_CM_128_HMAC_SHA1_80, mediasoup's default); the
 * sink counts headers, which SRTP leaves in the clear, and its plain RTCP is dropped unread.
 */
export async function addViewer(
  router: types.Router,
  producerId: string,
  sinkPort: number,
  srtp = false,
): Promise<SfuViewer> {
  const transport = await router.createPlainTransport({
    listenIp: LISTEN_IP,
    rtcpMux: true,
    comedia: false,
    enableSrtp: srtp,
  });
  await transport.connect({ ip: LISTEN_IP, port: sinkPort, srtpParameters: transport.srtpParameters });
  const consumer = await transport.consume({ producerId, rtpCapabilities: plainViewerCapabilities(router) });
  return { transport, consumer, port: transport.tuple.localPort, ssrc: consumer.rtpParameters.encodings![0]!.ssrc! };
}

/** Worker CPU so far, in microseconds (mediasoup reports ru_utime/ru_stime in ms). */
export async function workerCpuUs(worker: types.Worker): Promise<number> {
  const usage = await worker.getResourceUsage();
  return (usage.ru_utime + usage.ru_stime) * 1000;
}

/** RTP packets a producer has received, and lost on the way in, so far (its inbound-rtp stats). */
export async function producerCounts(producer: types.Producer): Promise<{ packets: number; lost: number }> {
  const stats = await producer.getStats();
  return {
    packets: stats.reduce((sum, s) => sum + (s.packetCount ?? 0), 0),
    lost: stats.reduce((sum, s) => sum + (s.packetsLost ?? 0), 0),
  };
}
