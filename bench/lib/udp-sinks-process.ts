/**
 * Child process: N counting UDP sinks, one socket per viewer, standing in for N viewers. Per sink
 * it counts RTP packets and bytes, frames (marker bit), complete frames (start to marker with no
 * sequence gap) and loss (sequence gaps). It can send an RTCP PLI from a sink, as a joining viewer
 * does.
 */
import dgram from 'node:dgram';
import { serveRequests } from './child.js';
import { isVp8FrameStart, readRtp, writePli } from './rtp.js';

export interface SinkReport {
  packets: number;
  bytes: number;
  frames: number;
  completeFrames: number;
  lost: number;
  firstPacketAtMs: number | null;
  /** RTP timestamps of the first and last frames seen: every tier keeps the sender's timestamps. */
  firstTimestamp: number | null;
  lastTimestamp: number | null;
}

interface Sink extends SinkReport {
  socket: dgram.Socket;
  /** Only this stream counts: packets of an earlier run still queued in the socket do not. */
  ssrc: number | null;
  highestSeq: number;
  frameTimestamp: number;
  frameOk: boolean;
  /** When `track`ed: each frame's arrival (its marker packet), ms on this process's clock, by RTP timestamp. */
  arrivals: Map<number, number> | null;
}

let sinks: Sink[] = [];
/**
 * SRTP leaves the RTP header in the clear but not the VP8 payload descriptor: a frame then starts
 * complete when its first packet follows the previous one with no gap.
 */
let payloadEncrypted = false;
const PROBATION_PAYLOAD_TYPE = 127;

function fresh(socket: dgram.Socket, ssrc: number | null = null, track = false): Sink {
  return {
    arrivals: track ? new Map() : null,
    socket,
    ssrc,
    packets: 0,
    bytes: 0,
    frames: 0,
    completeFrames: 0,
    lost: 0,
    firstPacketAtMs: null,
    firstTimestamp: null,
    lastTimestamp: null,
    highestSeq: -1,
    frameTimestamp: -1,
    frameOk: false,
  };
}

function onPacket(sink: Sink, packet: Buffer): void {
  const rtp = readRtp(packet);
  // RTCP (sender reports) and mediasoup's bandwidth probation packets (payload type 127) are not
  // the stream.
  if (!rtp || rtp.payloadType === PROBATION_PAYLOAD_TYPE) return;
  if (sink.ssrc !== null && rtp.ssrc !== sink.ssrc) return;
  sink.packets += 1;
  sink.bytes += packet.length;
  sink.firstPacketAtMs ??= Date.now();
  let inOrder = true;
  if (sink.highestSeq >= 0) {
    const delta = (rtp.sequenceNumber - sink.highestSeq) & 0xffff;
    if (delta === 0 || delta >= 0x8000) {
      // Duplicate or late: a late packet was counted lost when the gap was seen.
      if (delta !== 0) sink.lost = Math.max(0, sink.lost - 1);
      return;
    }
    if (delta > 1) {
      sink.lost += delta - 1;
      inOrder = false;
    }
  }
  sink.highestSeq = rtp.sequenceNumber;
  sink.firstTimestamp ??= rtp.timestamp;
  sink.lastTimestamp = rtp.timestamp;
  if (rtp.timestamp !== sink.frameTimestamp) {
    sink.frameTimestamp = rtp.timestamp;
    sink.frameOk = payloadEncrypted ? inOrder : isVp8FrameStart(packet);
  } else if (!inOrder) {
    sink.frameOk = false;
  }
  if (rtp.marker) {
    sink.arrivals?.set(rtp.timestamp, performance.now());
    sink.frames += 1;
    if (sink.frameOk) sink.completeFrames += 1;
  }
}

serveRequests({
  open: async (args: { count: number }) => {
    const opened = await Promise.all(
      Array.from({ length: args.count }, async () => {
        const socket = dgram.createSocket('udp4');
        const sink = fresh(socket);
        socket.on('message', (packet) => onPacket(sink, packet));
        await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
        socket.setRecvBufferSize(1024 * 1024);
        return sink;
      }),
    );
    const first = sinks.length;
    sinks.push(...opened);
    return { ports: opened.map((sink) => sink.socket.address().port), first };
  },
  /** Zero every counter: the measurement window starts now; sink i counts only `ssrcs[i]`. */
  reset: (args: { ssrcs?: number[]; encrypted?: boolean; track?: number[] }) => {
    payloadEncrypted = args.encrypted ?? false;
    sinks = sinks.map((sink, index) => {
      const next = fresh(sink.socket, args.ssrcs?.[index] ?? null, args.track?.includes(index) ?? false);
      sink.socket.removeAllListeners('message');
      next.socket.on('message', (packet) => onPacket(next, packet));
      return next;
    });
  },
  report: (): { sinks: SinkReport[]; cpuUs: number } => {
    const cpu = process.cpuUsage();
    return {
      sinks: sinks.map((sink) => ({
        packets: sink.packets,
        bytes: sink.bytes,
        frames: sink.frames,
        completeFrames: sink.completeFrames,
        lost: sink.lost,
        firstPacketAtMs: sink.firstPacketAtMs,
        firstTimestamp: sink.firstTimestamp,
        lastTimestamp: sink.lastTimestamp,
      })),
      cpuUs: cpu.user + cpu.system,
    };
  },
  /** The tracked sinks' frame arrivals: [RTP timestamp, ms] pairs, per sink index. */
  arrivals: (args: { indices: number[] }): Record<number, [number, number][]> =>
    Object.fromEntries(args.indices.map((index) => [index, [...(sinks[index]?.arrivals ?? new Map()).entries()]])),
  pli: (args: { index: number; port: number; mediaSsrc: number }) => {
    const sink = sinks[args.index];
    if (!sink) throw new Error(`no sink ${args.index}`);
    sink.socket.send(writePli(0x5eed0000 + args.index, args.mediaSsrc), args.port, '127.0.0.1');
  },
  closeAll: async () => {
    await Promise.all(sinks.map((sink) => new Promise<void>((resolve) => sink.socket.close(() => resolve()))));
    sinks = [];
  },
});
