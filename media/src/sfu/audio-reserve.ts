import { PROGRAM_AUDIO_DEFAULT_BITRATE } from '@riffroom/protocol';
import type { types } from 'mediasoup';
import { layerBitrates, nextCeiling, sameLayers, type Layers } from './layer-ceiling.js';

/** SFU_AUDIO_RESERVE_MARGIN_PCT's default: what is reserved beyond the audio's measured bitrate. */
export const DEFAULT_AUDIO_RESERVE_MARGIN_PCT = 25;
/**
 * The share of the estimate the viewer's media may fill. GoogCC's estimate sits at the link's
 * capacity, where a shaped link's queue is already full: filling all of it makes the queue drop
 * audio packets whenever a video frame bursts. Kept this much below, the queue drains between frames.
 */
const USABLE_SHARE_OF_ESTIMATE = 0.85;
/**
 * A layer is climbed to only once every estimate of this long a span supports it. On a shaped link
 * GoogCC's estimate swings (measured on a 500 kbit/s link: 210 to 780 kbit/s within seconds): a
 * ceiling that follows each peak sends more than the link carries until the next fall, and the
 * link's queue drops audio. Going down follows the latest estimate at once (it is in the span).
 */
const STEADY_SPAN_MS = 10_000;
/**
 * After the viewer reports audio loss (the audio consumer's score falls below 10, from its receiver
 * reports), no layer is climbed for this long: the estimate said the link had room, and the link
 * said otherwise.
 */
const AUDIO_LOSS_HOLD_MS = 30_000;
/** A step up to a higher layer must fit the video budget with this much to spare. */
const UPGRADE_HEADROOM = 1.15;

/**
 * "Program audio is never starved by video" (issue 21), for one viewer's receiving transport.
 *
 * How mediasoup shares a viewer's link (worker/src/RTC/Transport.cpp,
 * DistributeAvailableOutgoingBitrate): on every bandwidth estimate it hands the whole estimate to
 * the consumers whose GetBitratePriority() is above 0, layer by layer (SimulcastConsumer and
 * SvcConsumer IncreaseLayer take the highest layers whose measured bitrate fits). An audio
 * consumer's priority is always 0 (SimpleConsumer: "audio does not play the BWE game"), so the
 * program audio is never counted: video takes the whole estimate, audio's 256 kbit/s comes on
 * top, the link's queue overflows and drops audio packets as readily as video ones. Consumer
 * priorities (setPriority) only order video consumers among themselves, so they cannot help.
 *
 * What does: each estimate (the transport's 'bwe' trace, availableBitrate), minus what the audio
 * consumers need (the producer's measured bitrate plus a margin for packet overhead and bursts),
 * is the video's budget; each layered video consumer gets, as its preferred layers, the highest
 * layers whose bitrate (the producer's per-layer figures, the ones IncreaseLayer compares) fits
 * that budget. mediasoup never goes above the preferred layers (IncreaseLayer stops there), and
 * still goes below them when its estimate falls faster than we follow; its probing is unchanged
 * (the desired bitrate still counts every layer), so the estimate can grow and the ceiling with it.
 */
export function reserveProgramAudio(
  transport: types.Transport,
  producerOf: (producerId: string) => types.Producer | undefined,
  marginPercent: number,
): void {
  const audio = new Set<types.Consumer>();
  const video = new Map<types.Consumer, Layers | null>();
  /** The estimates of the last STEADY_SPAN_MS, oldest first. */
  let estimates: { at: number; bitrate: number }[] = [];
  let audioLossAt = Number.NEGATIVE_INFINITY;
  let running = false;
  let again = false;

  /** Bit/s the program audio (and any other audio) on this transport needs. */
  const audioReserve = async () => {
    let total = 0;
    for (const consumer of audio) {
      if (consumer.closed || consumer.paused || consumer.producerPaused) continue;
      const stats = await producerOf(consumer.producerId)
        ?.getStats()
        .catch(() => []);
      // Before the first second is measured, the studio default stands in.
      total += stats?.[0]?.bitrate || PROGRAM_AUDIO_DEFAULT_BITRATE;
    }
    return total * (1 + marginPercent / 100);
  };

  const apply = async () => {
    if (estimates.length === 0 || video.size === 0) return;
    const steadyEstimate = Math.min(...estimates.map((estimate) => estimate.bitrate));
    const budget = (steadyEstimate * USABLE_SHARE_OF_ESTIMATE - (await audioReserve())) / video.size;
    for (const [consumer, current] of video) {
      const producer = producerOf(consumer.producerId);
      if (!producer || consumer.closed) continue;
      const table = layerBitrates(producer, await producer.getStats());
      if (table.flat().every((bitrate) => bitrate === 0)) continue;
      const holding = Date.now() - audioLossAt < AUDIO_LOSS_HOLD_MS;
      const ceiling = nextCeiling(table, budget, current, holding ? Number.POSITIVE_INFINITY : UPGRADE_HEADROOM);
      if (sameLayers(current, ceiling) || consumer.closed) continue;
      await consumer.setPreferredLayers(ceiling);
      video.set(consumer, ceiling);
    }
  };

  /** One update at a time; estimates that arrive meanwhile fold into one more pass. */
  const update = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        // A consumer or producer closing mid-pass rejects its request: the next estimate retries.
        await apply().catch(() => undefined);
      } while (again && !transport.closed);
    } finally {
      running = false;
    }
  };

  transport.on('trace', (trace) => {
    if (trace.type !== 'bwe') return;
    const now = Date.now();
    estimates = estimates.filter((estimate) => now - estimate.at < STEADY_SPAN_MS);
    estimates.push({ at: now, bitrate: (trace.info as { availableBitrate: number }).availableBitrate });
    void update();
  });
  transport.observer.on('newconsumer', (consumer) => {
    if (consumer.kind === 'audio') {
      audio.add(consumer);
      consumer.on('score', ({ score }) => {
        if (score < 10) audioLossAt = Date.now();
      });
    } else if (consumer.type === 'simulcast' || consumer.type === 'svc') {
      // The estimate is traced only where there are layers to choose from.
      if (video.size === 0) void transport.enableTraceEvent(['bwe']).catch(() => undefined);
      video.set(consumer, null);
    } else return;
    consumer.observer.once('close', () => {
      audio.delete(consumer);
      video.delete(consumer);
    });
  });
}
