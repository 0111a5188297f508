import type { types } from 'mediasoup';

/** How long after its first packet a capture's packets are looked at to place its file. */
const WINDOW_MS = 400;

/**
 * A worker's trace timestamp (ms on its monotonic clock, uv_hrtime, the clock process.hrtime
 * reads in this process too) as ms since the epoch.
 */
function epochMsOfWorkerMs(workerMs: number): number {
  const monotonicNowMs = Number(process.hrtime.bigint() / 1_000_000n);
  return Date.now() - (monotonicNowMs - workerMs);
}

/**
 * Where a capture's file begins on the wall clock, in ms since the epoch: the moment the media at
 * its first packet's RTP timestamp reached the router. ffmpeg's RTP demuxer starts a lone stream's
 * timestamps at its first packet, so that packet's media is the file's t=0. One packet's arrival
 * carries whatever queueing delayed it (the sender's, the network's, a busy worker's), so every
 * packet of the first WINDOW_MS is looked at: each says when the first packet's media would have
 * arrived had it come as fast as this one (its arrival less the media time since the first, from
 * the RTP timestamps), and the earliest of those is taken. Read from the worker's own clock (its
 * 'rtp' trace), so neither the consumer's resume round trip nor a mic silent (Opus DTX) or muted
 * at the start misplaces the file (issue 34 item 15).
 *
 * Resolves once the window has passed, or with what it has (null: nothing) when the consumer
 * closes first. Call before resuming the consumer; the trace stops with the window.
 */
export async function firstPacketSent(consumer: types.Consumer): Promise<{ at: Promise<number | null> }> {
  const clockRate = consumer.rtpParameters.codecs[0]?.clockRate ?? 48_000;
  const at = new Promise<number | null>((resolve) => {
    let first: { workerMs: number; rtpTimestamp: number } | null = null;
    let earliest = Number.POSITIVE_INFINITY;
    const done = () => {
      consumer.off('trace', onTrace);
      consumer.enableTraceEvent([]).catch(() => {});
      resolve(Number.isFinite(earliest) ? epochMsOfWorkerMs(earliest) : null);
    };
    const onTrace = (trace: types.ConsumerTraceEventData) => {
      const timestamp = (trace.info as { rtpPacket?: { timestamp?: number } }).rtpPacket?.timestamp;
      if ((trace.type !== 'rtp' && trace.type !== 'keyframe') || typeof timestamp !== 'number') return;
      first ??= { workerMs: trace.timestamp, rtpTimestamp: timestamp };
      // RTP timestamps are 32-bit and wrap: the difference is taken modulo 2^32, as a signed value.
      const mediaMs = (((timestamp - first.rtpTimestamp) | 0) / clockRate) * 1000;
      earliest = Math.min(earliest, trace.timestamp - mediaMs);
      if (trace.timestamp - first.workerMs >= WINDOW_MS) done();
    };
    consumer.on('trace', onTrace);
    consumer.observer.once('close', done);
  });
  await consumer.enableTraceEvent(['rtp']);
  return { at };
}
