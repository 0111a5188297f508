/**
 * The relay guest's jitter buffer, as one pure rule. Decoded audio is scheduled back to back on the
 * AudioContext clock, about TARGET seconds ahead of now, so chunks that arrive in bursts (the relay
 * batches them while a guest acks) still play as one unbroken stream. The delay stays bounded: when
 * the queue runs dry the stream restarts TARGET ahead (a gap, never a slowly growing lag), and a
 * chunk that would start more than MAX ahead is dropped rather than queued behind the others.
 */
export const RELAY_AUDIO_TARGET_DELAY_S = 0.2;
/** Past this much queued audio, new chunks are skipped until the clock catches up. */
export const RELAY_AUDIO_MAX_DELAY_S = 0.35;
/** A chunk due sooner than this cannot be handed to the audio thread in time: it counts as late. */
export const RELAY_AUDIO_MIN_LEAD_S = 0.02;

export interface JitterState {
  /** Context time at which the next chunk would start; null before the first one or after a reset. */
  nextStart: number | null;
}

export type JitterDecision =
  { play: true; startAt: number; state: JitterState } | { play: false; reason: 'too-far-ahead'; state: JitterState };

/** Where a chunk of `duration` seconds plays, given the context's current time `now`. */
export function scheduleChunk(state: JitterState, now: number, duration: number): JitterDecision {
  let start = state.nextStart;
  // First chunk, or the queue ran dry (a late burst, a dropped batch): start again at the target.
  if (start === null || start < now + RELAY_AUDIO_MIN_LEAD_S) start = now + RELAY_AUDIO_TARGET_DELAY_S;
  if (start - now > RELAY_AUDIO_MAX_DELAY_S) return { play: false, reason: 'too-far-ahead', state };
  return { play: true, startAt: start, state: { nextStart: start + duration } };
}
