import type { types } from 'mediasoup';

/**
 * A worker's trace timestamp (ms on its monotonic clock, uv_hrtime, the clock process.hrtime
 * reads in this process too) as ms since the epoch.
 */
function epochMsOfWorkerMs(workerMs: number): number {
  const monotonicNowMs = Number(process.hrtime.bigint() / 1_000_000n);
  return Date.now() - (monotonicNowMs - workerMs);
}

/**
 * When a capture's consumer sends its first RTP packet, in ms since the epoch: where its file
 * begins, since ffmpeg's RTP demuxer starts a lone stream's timestamps at its first packet. Taken
 * from the worker's own clock (its 'rtp' trace), so neither the consumer's resume round trip nor a
 * mic that is silent (Opus DTX) or muted at the start puts the file in the wrong place on the
 * recording's timeline (issue 34 item 15). Resolves null if the consumer closes before sending.
 * Call before resuming the consumer; the trace stops after the first packet.
 */
export async function firstPacketSent(consumer: types.Consumer): Promise<{ at: Promise<number | null> }> {
  const at = new Promise<number | null>((resolve) => {
    const onTrace = (trace: types.ConsumerTraceEventData) => {
      if (trace.type !== 'rtp' && trace.type !== 'keyframe') return;
      consumer.off('trace', onTrace);
      resolve(epochMsOfWorkerMs(trace.timestamp));
      consumer.enableTraceEvent([]).catch(() => {});
    };
    consumer.on('trace', onTrace);
    consumer.observer.once('close', () => resolve(null));
  });
  await consumer.enableTraceEvent(['rtp']);
  return { at };
}
