/**
 * Child process: the room's host for bench/under-attack.ts. Joins as host over the real socket
 * signalling and shares a screen on the SFU through libwebrtc (@roamhq/wrtc): a screencast video
 * source fed with ffmpeg's testsrc2 (sharp edges, text, a moving region, like a shared screen),
 * encoded to VP8 by libwebrtc at up to `kbps`. Its own process, so the encoder's CPU is neither the
 * box's nor the viewers', and its counters come from libwebrtc's outbound-rtp stats.
 */
import { spawnSync } from 'node:child_process';
import wrtc from '@roamhq/wrtc';
import type { types as client } from 'mediasoup-client';
import { serveRequests } from './child.js';
import { createTransport, joinAsMember, loadDevice, sumStats, type RoomMember } from './wrtc-room-client.js';

export interface HostInit {
  baseUrl: string;
  roomId: string;
  token: string;
  width: number;
  height: number;
  fps: number;
  kbps: number;
}

export interface HostCounters {
  /** outbound-rtp framesSent: frames the encoder produced and put on the wire. */
  framesSent: number;
  framesEncoded: number;
  /** Frames handed to the source (the capture); the encoder may drop some under load. */
  framesCaptured: number;
  bytesSent: number;
  cpuUs: number;
  atMs: number;
  qualityLimitationReason: string | null;
  frameWidth: number | null;
}

/** A short loop of raw I420 frames of ffmpeg's own test source (never downloaded). */
function testFrames(width: number, height: number, fps: number): Uint8Array[] {
  const seconds = 2;
  // prettier-ignore
  const args = [
    '-hide_banner', '-loglevel', 'error',
    '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}`, '-t', String(seconds),
    '-pix_fmt', 'yuv420p', '-f', 'rawvideo', 'pipe:1',
  ];
  const frameBytes = (width * height * 3) / 2;
  const result = spawnSync('ffmpeg', args, { maxBuffer: frameBytes * fps * seconds + 1024 });
  if (result.error) throw new Error(`ffmpeg not runnable (install Debian's ffmpeg): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr.toString()}`);
  const frames: Uint8Array[] = [];
  for (let offset = 0; offset + frameBytes <= result.stdout.length; offset += frameBytes) {
    // A copy per frame: the binding wants each frame's data to be a whole buffer of its own.
    frames.push(new Uint8Array(result.stdout.subarray(offset, offset + frameBytes)));
  }
  return frames;
}

let member: RoomMember | null = null;
let transport: client.Transport | null = null;
let timer: NodeJS.Timeout | null = null;
let framesCaptured = 0;
/**
 * While paused the capture hands the encoder nothing: bench/under-attack.ts pauses at each end of
 * its measuring window and waits for the pipeline to drain, so "sent" and "decoded" count exactly
 * the same frames.
 */
let paused = false;

/** Feeds the source one frame per 1/fps slot of the wall clock; a slot missed is skipped, as a capture does. */
function capture(source: InstanceType<typeof wrtc.nonstandard.RTCVideoSource>, init: HostInit): void {
  const frames = testFrames(init.width, init.height, init.fps);
  const frameMs = 1000 / init.fps;
  const startedAt = Date.now();
  let nextSlot = 0;
  const tick = () => {
    const slot = Math.floor((Date.now() - startedAt) / frameMs);
    if (slot >= nextSlot && paused) nextSlot = slot + 1;
    if (slot >= nextSlot) {
      source.onFrame({ width: init.width, height: init.height, data: frames[slot % frames.length]! });
      framesCaptured += 1;
      nextSlot = slot + 1;
    }
    timer = setTimeout(tick, Math.max(1, startedAt + nextSlot * frameMs - Date.now()));
  };
  tick();
}

serveRequests({
  /** Joins as host, produces the screen and resolves once the send transport is connected. */
  start: async (init: HostInit) => {
    member = await joinAsMember(init.baseUrl, init.roomId, init.token);
    const device = await loadDevice(member);
    transport = await createTransport(member, device, 'send');
    const source = new wrtc.nonstandard.RTCVideoSource({ isScreencast: true });
    capture(source, init);
    const connected = new Promise<void>((resolve, reject) => {
      transport!.on('connectionstatechange', (state) => {
        if (state === 'connected') resolve();
        if (state === 'failed') reject(new Error('host send transport failed'));
      });
    });
    await transport.produce({
      track: source.createTrack() as unknown as MediaStreamTrack,
      encodings: [{ maxBitrate: init.kbps * 1000 }],
      // As the client's sfuTier does: start near the working rate instead of ramping up from 300 kbps.
      codecOptions: { videoGoogleStartBitrate: 1000 },
      appData: { source: 'screen' },
    });
    await connected;
    return { transportId: transport.id };
  },
  counters: async (): Promise<HostCounters> => {
    const cpu = process.cpuUsage();
    const report = transport ? await transport.getStats() : new Map();
    let qualityLimitationReason: string | null = null;
    let frameWidth: number | null = null;
    report.forEach((entry: Record<string, unknown>) => {
      if (entry.type !== 'outbound-rtp') return;
      qualityLimitationReason = (entry.qualityLimitationReason as string | undefined) ?? null;
      frameWidth = (entry.frameWidth as number | undefined) ?? null;
    });
    return {
      framesSent: sumStats(report, 'outbound-rtp', 'framesSent'),
      framesEncoded: sumStats(report, 'outbound-rtp', 'framesEncoded'),
      framesCaptured,
      bytesSent: sumStats(report, 'outbound-rtp', 'bytesSent'),
      cpuUs: cpu.user + cpu.system,
      atMs: Date.now(),
      qualityLimitationReason,
      frameWidth,
    };
  },
  pause: () => {
    paused = true;
  },
  resume: () => {
    paused = false;
  },
  stop: () => {
    if (timer) clearTimeout(timer);
    timer = null;
    transport?.close();
    member?.close();
  },
});
