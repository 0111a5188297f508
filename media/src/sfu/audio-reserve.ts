import { PROGRAM_AUDIO_DEFAULT_BITRATE } from '@riffroom/protocol';
import type { types } from 'mediasoup';
import { AudioResendGate, type AudioResendChange } from './audio-resends.js';
import { layerBitrates, sameLayers, type Layers } from './layer-ceiling.js';
import { ViewerVideoPlan } from './video-plan.js';

/** SFU_AUDIO_RESERVE_MARGIN_PCT's default: what is reserved beyond the audio's measured bitrate. */
export const DEFAULT_AUDIO_RESERVE_MARGIN_PCT = 25;

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
 * What does: each layered video consumer gets, as its preferred layers, the ceiling the viewer's
 * plan (video-plan.ts) works out from the estimates (the transport's 'bwe' trace), what the audio
 * consumers need (the producer's measured bitrate plus a margin for packet overhead and bursts)
 * and the host's per-layer bitrates (the figures IncreaseLayer compares). mediasoup never goes
 * above the preferred layers (IncreaseLayer stops there), and still goes below them when its
 * estimate falls faster than we follow; its probing is unchanged (the desired bitrate still counts
 * every layer), so the estimate can grow and the ceiling with it.
 *
 * The same estimates say whether the link has room to resend lost audio (audio-resends.ts): the
 * answer is kept in the transport's appData (`audioResends`, read when the viewer consumes audio),
 * and when it changes each audio consumer is handed to `renewAudio`, for the viewer to consume it
 * again with or without resends (a consumer's NACK is fixed when it is made).
 */
export function reserveProgramAudio(
  transport: types.Transport,
  producerOf: (producerId: string) => types.Producer | undefined,
  marginPercent: number,
  renewAudio: (consumer: types.Consumer, change: AudioResendChange) => void,
): void {
  const audio = new Set<types.Consumer>();
  const video = new Map<types.Consumer, Layers | null>();
  const plan = new ViewerVideoPlan();
  const resends = new AudioResendGate();
  let running = false;
  let again = false;

  /** Bit/s the program audio (and any other audio) on this transport sends now. */
  const audioBitrate = async () => {
    let total = 0;
    for (const consumer of audio) {
      if (consumer.closed || consumer.paused || consumer.producerPaused) continue;
      const stats = await producerOf(consumer.producerId)
        ?.getStats()
        .catch(() => []);
      // Before the first second is measured, the studio default stands in.
      total += stats?.[0]?.bitrate || PROGRAM_AUDIO_DEFAULT_BITRATE;
    }
    return total;
  };

  /**
   * Bit/s the program audio may reach: the host's cap (its encoding's maxBitrate, the Opus
   * maxaveragebitrate), whatever it sends this second. Music swings between quiet and dense within a
   * take, so a link judged on the audio's quiet seconds would be given resends it cannot carry.
   */
  const audioCap = () => {
    let total = 0;
    for (const consumer of audio) {
      if (consumer.closed || consumer.paused || consumer.producerPaused) continue;
      const sent = producerOf(consumer.producerId)?.rtpParameters;
      total +=
        sent?.encodings?.[0]?.maxBitrate ||
        Number(sent?.codecs[0]?.parameters?.maxaveragebitrate) ||
        PROGRAM_AUDIO_DEFAULT_BITRATE;
    }
    return total;
  };

  const apply = async () => {
    if (!plan.ready) return;
    const cap = audioCap();
    const change = audio.size > 0 ? resends.decide(cap, cap * (1 + marginPercent / 100), Date.now()) : null;
    if (change) {
      transport.appData.audioResends = change.resends;
      for (const consumer of audio) if (!consumer.closed) renewAudio(consumer, change);
    }
    // The measured rate costs a request to the worker per estimate: only where there are layers to plan.
    if (video.size === 0) return;
    const reserve = (await audioBitrate()) * (1 + marginPercent / 100);
    for (const [consumer, current] of video) {
      const producer = producerOf(consumer.producerId);
      if (!producer || consumer.closed) continue;
      const table = layerBitrates(producer, await producer.getStats());
      if (table.flat().every((bitrate) => bitrate === 0)) continue;
      const ceiling = plan.next(consumer, table, current, reserve, video.size, Date.now());
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
    const estimate = (trace.info as { availableBitrate: number }).availableBitrate;
    plan.estimate(estimate, Date.now());
    resends.estimate(estimate, Date.now());
    void update();
  });
  // The estimate is traced only where it is used: audio to resend, or layers to choose from.
  const traceEstimates = () => {
    if (audio.size + video.size === 0) void transport.enableTraceEvent(['bwe']).catch(() => undefined);
  };
  transport.observer.on('newconsumer', (consumer) => {
    if (consumer.kind === 'audio') {
      traceEstimates();
      audio.add(consumer);
      // A step up the audio blames is undone at once, not at the next estimate.
      consumer.on('score', ({ score }) => {
        if (plan.audio(score, Date.now())) void update();
      });
    } else if (consumer.type === 'simulcast' || consumer.type === 'svc') {
      traceEstimates();
      video.set(consumer, null);
    } else return;
    consumer.observer.once('close', () => {
      audio.delete(consumer);
      video.delete(consumer);
      plan.forget(consumer);
    });
  });
}
