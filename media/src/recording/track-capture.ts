import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { types } from 'mediasoup';
import { captureSdp } from './capture-sdp.js';
import { firstPacketSent } from './first-packet.js';
import { freeUdpPortPair, runFfmpeg, untilPortTaken, type FfmpegRun } from './ffmpeg-process.js';

const LOOPBACK = '127.0.0.1';
/** ffmpeg must hold its port within this, or the capture fails (it starts in well under 1 s). */
const LISTEN_TIMEOUT_MS = 5000;
/** Keyframe requests after the start: the first may be swallowed by the producer's request delay. */
const KEYFRAME_RETRIES_MS = [1200, 3000];

/**
 * Container flags that keep a file playable up to a crash: Ogg pages at most 200 ms long, WebM
 * clusters closed each second, and every packet flushed to the file as it is muxed. A SIGKILLed
 * ffmpeg then loses at most the page or cluster it was filling.
 */
const AUDIO_OUTPUT = ['-f', 'ogg', '-page_duration', '200000'];
const VIDEO_OUTPUT = ['-f', 'webm', '-cluster_time_limit', '1000', '-cluster_size_limit', '2000000'];

export type CaptureEnd =
  | { how: 'stopped' }
  | { how: 'producer-closed' }
  /** The room's router closed (its worker died): the room's media is gone, not one track. */
  | { how: 'router-closed' }
  | { how: 'failed'; why: string };

/**
 * One producer copied into one file: a plain transport on the room's router (RTP to ffmpeg on
 * loopback, comedia off, RTCP muxed), a consumer of the producer, and ffmpeg with `-c copy`.
 * `ended` settles once, with why it ended.
 */
export class TrackCapture {
  readonly ended: Promise<CaptureEnd>;
  private settle!: (end: CaptureEnd) => void;
  private settled = false;
  private timers: NodeJS.Timeout[] = [];

  private constructor(
    readonly file: string,
    private readonly transport: types.PlainTransport,
    private readonly consumer: types.Consumer,
    private readonly ffmpeg: FfmpegRun,
    private readonly sdpFile: string,
    /** When the consumer was resumed (ms since the epoch): RTP flows into ffmpeg from about then. */
    readonly startedAtMs: number,
    /** When its first packet went to ffmpeg (ms since the epoch): the file's t=0 (first-packet.ts). */
    readonly firstPacketAtMs: Promise<number | null>,
  ) {
    this.ended = new Promise((resolve) => (this.settle = resolve));
    void ffmpeg.exited.then(({ code, signal }) => {
      if (!ffmpeg.stopping) this.finish({ how: 'failed', why: `ffmpeg exited (${code ?? signal})` });
    });
    transport.observer.once('close', () => {
      if (!this.settled) void this.endWith({ how: 'router-closed' });
    });
    const producerClosed = () => {
      // The producer closed (stopped sharing, a talker left): this file is complete.
      if (!this.settled && !transport.closed) void this.endWith({ how: 'producer-closed' });
    };
    consumer.observer.once('close', producerClosed);
    // It may have closed between the consumer's resume and now.
    if (consumer.closed) producerClosed();
  }

  get pid(): number | undefined {
    return this.ffmpeg.pid;
  }

  static async start(
    router: types.Router,
    producer: types.Producer,
    file: string,
    ffmpegBin: string,
  ): Promise<TrackCapture> {
    const transport = await router.createPlainTransport({ listenIp: LOOPBACK, rtcpMux: true, comedia: false });
    let ffmpeg: FfmpegRun | undefined;
    const sdpFile = path.join(path.dirname(file), '.sdp', `${path.basename(file)}.sdp`);
    try {
      const consumer = await transport.consume({
        producerId: producer.id,
        rtpCapabilities: router.rtpCapabilities,
        paused: true,
      });
      const port = await freeUdpPortPair();
      await mkdir(path.dirname(sdpFile), { recursive: true });
      await writeFile(sdpFile, captureSdp(consumer, port));
      const video = consumer.kind === 'video';
      ffmpeg = runFfmpeg(ffmpegBin, [
        '-protocol_whitelist',
        'file,udp,rtp',
        // Bound to loopback: only this machine can reach the port. (`-sdp_flags filter_src` would
        // narrow it to the router's address, but ffmpeg 5.1 then drops the router's RTP as well.)
        '-localaddr',
        LOOPBACK,
        '-buffer_size',
        String(4 * 1024 * 1024),
        ...(video ? [] : ['-analyzeduration', '1000000']),
        '-i',
        sdpFile,
        '-map',
        '0',
        '-c',
        'copy',
        '-flush_packets',
        '1',
        ...(video ? VIDEO_OUTPUT : AUDIO_OUTPUT),
        // Never over a file already there (each capture has a name of its own: recording-files.ts).
        '-n',
        file,
      ]);
      await untilPortTaken(port, LISTEN_TIMEOUT_MS, ffmpeg);
      await transport.connect({ ip: LOOPBACK, port });
      // A producer closed while its capture starts ends this capture only (issue 34 item 2).
      if (producer.closed || consumer.closed) throw new Error('the producer closed while its capture started');
      const firstPacket = await firstPacketSent(consumer);
      await consumer.resume();
      const capture = new TrackCapture(file, transport, consumer, ffmpeg, sdpFile, Date.now(), firstPacket.at);
      if (video) capture.askKeyFrames();
      return capture;
    } catch (error) {
      transport.close();
      await ffmpeg?.stop();
      await rm(sdpFile, { force: true });
      throw error;
    }
  }

  /** Ends the capture: ffmpeg writes its trailer, then the transport closes. Idempotent. */
  async stop(): Promise<void> {
    await this.endWith({ how: 'stopped' });
  }

  private askKeyFrames(): void {
    const ask = () => {
      if (!this.consumer.closed) this.consumer.requestKeyFrame().catch(() => {});
    };
    ask();
    for (const delay of KEYFRAME_RETRIES_MS) this.timers.push(setTimeout(ask, delay));
  }

  private async endWith(end: CaptureEnd): Promise<void> {
    if (this.settled) return this.ended.then(() => undefined);
    this.settled = true;
    for (const timer of this.timers) clearTimeout(timer);
    await this.ffmpeg.stop();
    this.transport.close();
    await rm(this.sdpFile, { force: true });
    this.settle(end);
  }

  private finish(end: CaptureEnd): void {
    if (this.settled) return;
    this.settled = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.transport.close();
    void rm(this.sdpFile, { force: true });
    this.settle(end);
  }
}
