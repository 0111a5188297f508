/**
 * Child process: replays a VP8 clip as RTP at its frame rate to one or more UDP targets. One
 * target is the SFU's producer; N targets is the peer-to-peer host sending a copy to each viewer.
 * Answers an RTCP PLI/FIR like an encoder does: the next frame it sends is a keyframe (the clip's
 * own keyframe; nothing decodes these streams, so only sizes and timing matter).
 */
import dgram from 'node:dgram';
import { serveRequests } from './child.js';
import { countKeyframeRequests, isRtcp, writeVp8Packet } from './rtp.js';
import { readIvf, type Vp8Frame } from './vp8-clip.js';
import { readFileSync } from 'node:fs';

export interface SenderInit {
  clipFile: string;
  fps: number;
  payloadType: number;
  ssrc: number;
  maxPayloadBytes?: number;
}

export interface SenderCounters {
  framesSent: number;
  /** Frame slots missed because this process was not scheduled in time (an encoder drops them). */
  framesSkipped: number;
  packetsSent: number;
  /** Bytes handed to the network, all copies: the host's upload. */
  bytesSent: number;
  keyframesSent: number;
  keyframeRequestsReceived: number;
  cpuUserUs: number;
  cpuSystemUs: number;
  atMs: number;
}

export interface SenderTimeline {
  binMs: number;
  startMs: number;
  /** Bytes sent per bin (all copies). */
  bytes: number[];
  /** Wall-clock ms of each PLI/FIR that reached the sender. */
  keyframeRequestTimes: number[];
  keyframeTimes: number[];
}

const TIMELINE_BIN_MS = 100;

let socket: dgram.Socket | null = null;
let frames: Vp8Frame[] = [];
let init: SenderInit | null = null;
let targets: { address: string; port: number }[] = [];
let timer: NodeJS.Timeout | null = null;
let frameIndex = 0;
/**
 * Frame slots (1/fps) since init. RTP timestamps are capture times, as a browser's are: a skipped
 * slot leaves a gap, so viewers count the frames a starved host never sent as frames they missed.
 * Kept across runs so timestamps never go back.
 */
let slotsTotal = 0;
let sequenceNumber = 1000;
let pictureId = 0;
let forceKeyframe = false;
const counters = {
  framesSent: 0,
  framesSkipped: 0,
  packetsSent: 0,
  bytesSent: 0,
  keyframesSent: 0,
  keyframeRequestsReceived: 0,
};
let timeline: SenderTimeline = {
  binMs: TIMELINE_BIN_MS,
  startMs: 0,
  bytes: [],
  keyframeRequestTimes: [],
  keyframeTimes: [],
};

function addToTimeline(bytes: number): void {
  const bin = Math.floor((Date.now() - timeline.startMs) / TIMELINE_BIN_MS);
  while (timeline.bytes.length <= bin) timeline.bytes.push(0);
  timeline.bytes[bin]! += bytes;
}

function sendFrame(slot: number): void {
  const clipIndex = frameIndex % frames.length;
  let frame = frames[clipIndex]!;
  if (forceKeyframe) {
    frame = frames[0]!;
    forceKeyframe = false;
  }
  frameIndex += 1;
  const timestamp = Math.round((slot * 90000) / init!.fps);
  const maxPayload = init!.maxPayloadBytes ?? 1180;
  const count = Math.ceil(frame.data.length / maxPayload);
  const chunkBytes = Math.ceil(frame.data.length / count);
  let frameBytes = 0;
  for (let i = 0; i < count; i += 1) {
    const packet = writeVp8Packet({
      payloadType: init!.payloadType,
      ssrc: init!.ssrc,
      sequenceNumber: sequenceNumber++,
      timestamp,
      pictureId,
      frameStart: i === 0,
      marker: i === count - 1,
      chunk: frame.data.subarray(i * chunkBytes, Math.min((i + 1) * chunkBytes, frame.data.length)),
    });
    for (const target of targets) socket!.send(packet, target.port, target.address);
    counters.packetsSent += targets.length;
    frameBytes += packet.length * targets.length;
  }
  pictureId = (pictureId + 1) & 0x7fff;
  counters.framesSent += 1;
  counters.bytesSent += frameBytes;
  if (frame.keyframe) {
    counters.keyframesSent += 1;
    timeline.keyframeTimes.push(Date.now());
  }
  addToTimeline(frameBytes);
}

function start(args: { targets: { address: string; port: number }[] }): { startedAt: number } {
  if (!socket || !init) throw new Error('init first');
  stop();
  targets = args.targets;
  frameIndex = 0;
  // Paced by the wall clock, one frame per 1/fps slot. A slot missed because the machine did not
  // run us in time is skipped, as a browser's encoder drops frames, rather than sent late in a
  // burst no real sender's pacer would produce.
  const startedAt = Date.now();
  timeline = { binMs: TIMELINE_BIN_MS, startMs: startedAt, bytes: [], keyframeRequestTimes: [], keyframeTimes: [] };
  const frameMs = 1000 / init.fps;
  let nextSlot = 0;
  const firstSlot = slotsTotal;
  const tick = () => {
    const slot = Math.floor((Date.now() - startedAt) / frameMs);
    if (slot >= nextSlot) {
      counters.framesSkipped += slot - nextSlot;
      sendFrame(firstSlot + slot);
      nextSlot = slot + 1;
      slotsTotal = firstSlot + nextSlot;
    }
    timer = setTimeout(tick, Math.max(1, startedAt + nextSlot * frameMs - Date.now()));
  };
  tick();
  return { startedAt };
}

function stop(): void {
  if (timer) clearTimeout(timer);
  timer = null;
}

serveRequests({
  init: async (args: SenderInit) => {
    init = args;
    frames = readIvf(readFileSync(args.clipFile));
    socket = dgram.createSocket('udp4');
    socket.on('message', (message) => {
      if (!isRtcp(message)) return;
      const requests = countKeyframeRequests(message);
      if (requests === 0) return;
      counters.keyframeRequestsReceived += requests;
      for (let i = 0; i < requests; i += 1) timeline.keyframeRequestTimes.push(Date.now());
      forceKeyframe = true;
    });
    await new Promise<void>((resolve) => socket!.bind(0, '127.0.0.1', resolve));
    socket.setSendBufferSize(8 * 1024 * 1024);
    return {
      port: socket.address().port,
      frames: frames.length,
      clipBytes: frames.reduce((s, f) => s + f.data.length, 0),
    };
  },
  start,
  stop: () => stop(),
  counters: (): SenderCounters => {
    const cpu = process.cpuUsage();
    return { ...counters, cpuUserUs: cpu.user, cpuSystemUs: cpu.system, atMs: Date.now() };
  },
  timeline: (): SenderTimeline => timeline,
});
