import { PROGRAM_AUDIO_DEFAULT_BITRATE } from '@riffroom/protocol';
import type { types } from 'mediasoup';
import { AudioRenditionGate, type AudioRenditionChange, type ProgramAudioRendition } from './audio-rendition.js';
import { AudioResendGate, type AudioResendChange } from './audio-resends.js';
import { measuredEstimates } from './initial-estimate.js';
import { layerBitrates, sameLayers, type Layers } from './layer-ceiling.js';
import { streamOf } from './program-audio-renditions.js';
import { ViewerVideoPlan } from './video-plan.js';

/** A viewer's program audio changed stream or resends: it consumes it again (sfu:renew-consumer). */
export type ProgramAudioChange =
  ({ what: 'rendition' } & AudioRenditionChange) | ({ what: 'resends' } & AudioResendChange);

/** Where a viewer's transport finds the producers its consumers read. */
export interface ProgramAudioSources {
  producerOf: (producerId: string) => types.Producer | undefined;
  /** The thin stream a studio program-audio producer adopted (program-audio-renditions.ts). */
  thinOf: (studio: types.Producer) => types.Producer | undefined;
}

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
 * The same estimates say which of the program audio's streams the link carries (audio-rendition.ts)
 * and whether it has room to resend lost audio (audio-resends.ts): the answers are kept in the
 * transport's appData (`audioRendition`, `audioResends`, read when the viewer consumes audio), and
 * when one changes each audio consumer is handed to `renewAudio`, for the viewer to consume it
 * again (a consumer's stream and NACK are fixed when it is made).
 */
export function reserveProgramAudio(
  transport: types.Transport,
  { producerOf, thinOf }: ProgramAudioSources,
  marginPercent: number,
  renewAudio: (consumer: types.Consumer, change: ProgramAudioChange) => void,
): void {
  const audio = new Set<types.Consumer>();
  const video = new Map<types.Consumer, Layers | null>();
  const plan = new ViewerVideoPlan();
  const renditions = new AudioRenditionGate();
  const resends = new AudioResendGate();
  let running = false;
  let again = false;

  /** A producer's cap: its encoding's maxBitrate, or the Opus maxaveragebitrate. */
  const capOf = (producer: types.Producer | undefined) =>
    producer?.rtpParameters.encodings?.[0]?.maxBitrate ||
    Number(producer?.rtpParameters.codecs[0]?.parameters?.maxaveragebitrate) ||
    PROGRAM_AUDIO_DEFAULT_BITRATE;

  /**
   * The audio consumers that play now, or will in a moment: a consumer is made paused and resumed
   * once the viewer has wired its track.
   */
  const aboutToPlay = () => [...audio].filter((consumer) => !consumer.closed && !consumer.producerPaused);
  /** The audio consumers that play now. */
  const audible = () => aboutToPlay().filter((consumer) => !consumer.paused);

  /**
   * Bit/s the program audio (and any other audio) on this transport sends now, or will in a moment:
   * a plan made before the viewer resumes its audio must not give that room to the video (a first
   * plan with no reserve put a 500 kbit/s viewer on 640x360, and a third of its audio packets were
   * lost for 4 s).
   */
  const audioBitrate = async () => {
    let total = 0;
    for (const consumer of aboutToPlay()) {
      const producer = producerOf(consumer.producerId);
      const stats = await producer?.getStats().catch(() => []);
      // Before the first second is measured, the stream's cap stands in.
      total += stats?.[0]?.bitrate || capOf(producer);
    }
    return total;
  };

  /**
   * The announced (studio) producers the audio consumers playing now stand for, each once: while a
   * renewed consumer takes over, the viewer briefly holds two of the same stream.
   */
  const playing = () => {
    const studios = new Map<string, types.Producer | undefined>();
    for (const consumer of audible()) {
      studios.set(streamOf(consumer), producerOf(streamOf(consumer)));
    }
    return [...studios.values()];
  };

  /**
   * Bit/s the program audio may reach on the stream `rendition` names: the host's cap, whatever it
   * sends this second. Music swings between quiet and dense within a take, so a link judged on the
   * audio's quiet seconds would be given resends it cannot carry.
   */
  const audioCap = (rendition: ProgramAudioRendition) =>
    playing().reduce((total, studio) => {
      const thin = rendition === 'thin' && studio ? thinOf(studio) : undefined;
      return total + capOf(thin ?? studio);
    }, 0);

  /** Decides the stream, then the resends on it; a change renews every audio consumer. */
  const decideAudio = () => {
    if (audio.size === 0) return;
    const now = Date.now();
    const studioCap = audioCap('studio');
    const thinExists = playing().some((studio) => studio && thinOf(studio));
    const rendition = thinExists ? renditions.decide(studioCap, studioCap * (1 + marginPercent / 100), now) : null;
    if (rendition) transport.appData.audioRendition = rendition.rendition;
    const cap = audioCap(renditions.rendition);
    const resend = resends.decide(cap, cap * (1 + marginPercent / 100), now);
    if (resend) transport.appData.audioResends = resend.resends;
    const change: ProgramAudioChange | null = rendition
      ? { what: 'rendition', ...rendition }
      : resend
        ? { what: 'resends', ...resend }
        : null;
    if (change) for (const consumer of audio) if (!consumer.closed) renewAudio(consumer, change);
  };

  const apply = async () => {
    if (!plan.ready) return;
    decideAudio();
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

  const onEstimate = measuredEstimates((estimate) => {
    plan.estimate(estimate, Date.now());
    renditions.estimate(estimate, Date.now());
    const scores = audible().map((consumer) => consumer.score.score);
    if (scores.length) renditions.audioScore(Math.min(...scores), Date.now());
    resends.estimate(estimate, Date.now());
    void update();
  });
  transport.on('trace', (trace) => {
    if (trace.type === 'bwe') onEstimate((trace.info as { availableBitrate: number }).availableBitrate);
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
