import { RoomRequestError, UNABLE_TO_CONNECT } from './roomSocket';
import type { MediaTier, PeerEntry, RoomState } from './roomState';

/** How the room connection reads what the server said: pure rules, kept apart from the wiring. */

/** Spec part 8's room message for a connection that could not even be set up. */
export const FAILED_TO_INITIALIZE = 'Failed to initialize connection';

/** What the screen says when the socket or join-room failed (spec part 8's room messages). */
export function connectFailure(error: unknown): Pick<RoomState, 'error' | 'joinRefused'> {
  // Not a refusal nor a timeout: something broke before the room could answer at all.
  if (!(error instanceof RoomRequestError)) return { error: FAILED_TO_INITIALIZE, joinRefused: null };
  const { code, message } = error;
  // The socket's 3 reconnection attempts ran out (spec part 9): 'Unable to connect. Please try again.'
  if (code === 'room/unreachable') return { error: UNABLE_TO_CONNECT, joinRefused: null };
  // Connected, but join-room went unanswered for 10 s.
  if (code === 'room/connection-timeout' || code === 'room/request-timeout') {
    return { error: 'Connection timeout', joinRefused: null };
  }
  if (code === 'room/bad-ack') return { error: UNABLE_TO_CONNECT, joinRefused: null };
  // The server said no (unknown or ended room, full, guests off): asking again will not help.
  if (code.startsWith('room/')) return { error: message, joinRefused: message };
  if (code.startsWith('auth/')) return { error: 'Failed to connect to room', joinRefused: null };
  return { error: UNABLE_TO_CONNECT, joinRefused: null };
}

/** A host who left stays 'left' (host-left comes first); one never seen stays 'waiting'. */
export function offlinePresence(current: RoomState['hostPresence']): RoomState['hostPresence'] {
  return current === 'online' ? 'disconnected' : current;
}

/** One person in a room's list: the first of their sockets stands for all of them. */
export interface Person extends PeerEntry {
  key: string;
}

/** A signed-in person is their uid, whatever the tab; an anonymous guest is its socket. */
export function personKey(peer: PeerEntry): string {
  return peer.firebase_uid ?? peer.peerId;
}

/**
 * The people behind a room's sockets: a signed-in user's tabs are one person (their uid), an
 * anonymous guest is its socket; `selfUid`'s own other tabs are left out.
 */
export function peopleIn(peers: readonly PeerEntry[], selfUid: string | null): Person[] {
  const people = new Map<string, Person>();
  for (const peer of peers) {
    const uid = peer.firebase_uid ?? null;
    if (uid !== null && uid === selfUid) continue;
    const key = personKey(peer);
    if (!people.has(key)) people.set(key, { ...peer, key });
  }
  return [...people.values()];
}

export function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

// ---- The tier policy (spec part 4): given what happened, the next step.

/** Refusals that asking the SFU again cannot change. */
const FINAL_SFU_CODES = /^(room\/|auth\/|validation\/|sfu\/host-off-sfu$)/;

/** Whether an SFU attempt's failure ends the SFU's 3 attempts at once: the server meant it. */
export function isFinalSfuFailure(error: unknown): boolean {
  return error instanceof RoomRequestError && FINAL_SFU_CODES.test(error.code);
}

/**
 * The tiers to try, best first: SFU, then peer-to-peer, then the relay. A forced tier (a guest's
 * `?tier=` or the room's setting) is the only one; once fallen back, a reconnect resumes the
 * fallback rather than spending another 30 s on the SFU.
 */
export function tiersToTry(forced: MediaTier | undefined, current: MediaTier | null): MediaTier[] {
  if (forced) return [forced];
  if (current === 'relay') return ['relay'];
  if (current === 'p2p') return ['p2p', 'relay'];
  return ['sfu', 'p2p', 'relay'];
}

/** What a tier choice has been through: its plan, and the tiers that failed so far, in order. */
export interface TierChoice {
  plan: readonly MediaTier[];
  failures: ReadonlyArray<{ tier: MediaTier; error: unknown }>;
}

export type TierStep = { kind: 'try'; tier: MediaTier } | { kind: 'give-up'; error: string };

/**
 * The next step of a tier choice: the next tier of the plan not yet failed, else give up with the
 * text to show. With every tier of spec part 4 tried, 'Unable to connect. Please try again.' A
 * tier forced alone says what went wrong there: its timeout ('Connection timeout', or for
 * peer-to-peer 'Fallback connection timeout'), or peer-to-peer's own error (peerErrors.ts).
 */
export function nextTierStep({ plan, failures }: TierChoice): TierStep {
  const next = plan[failures.length];
  if (next) return { kind: 'try', tier: next };
  const last = failures.at(-1)?.error;
  if (plan.length !== 1 || !(last instanceof RoomRequestError)) return { kind: 'give-up', error: UNABLE_TO_CONNECT };
  if (plan[0] === 'p2p') return { kind: 'give-up', error: last.message };
  return { kind: 'give-up', error: isTimeout(last) ? 'Connection timeout' : UNABLE_TO_CONNECT };
}

function isTimeout(error: RoomRequestError): boolean {
  return error.code === 'room/connection-timeout' || error.code === 'room/request-timeout';
}

/** What a climb back to the SFU looks at. */
export interface ClimbContext {
  /** The tier forced on a guest (`?tier=` or the room's setting); the host has none. */
  forced: MediaTier | undefined;
  tier: MediaTier | null;
  status: RoomState['status'];
  /** A climb is already under way. */
  climbing: boolean;
}

/**
 * Whether to try the SFU once from where we are: only from a fallback tier or from 'Unable to
 * connect', never while another climb runs, and never when a tier other than the SFU is forced.
 */
export function shouldClimbToSfu({ forced, tier, status, climbing }: ClimbContext): boolean {
  if (climbing || (forced && forced !== 'sfu')) return false;
  return tier === 'p2p' || tier === 'relay' || (tier === null && status === 'error');
}

/**
 * The host's periodic climb runs only with something to send: an attempt with nothing to send
 * cannot tell whether media would get through.
 */
export function hostClimbDue({ sharing, programAudio }: Pick<RoomState, 'sharing' | 'programAudio'>): boolean {
  return sharing || programAudio.live;
}

/**
 * The host left the SFU (sfu:host-closed): a guest waiting on the SFU, or on it, chooses again,
 * unless its `?tier=` holds it where it is.
 */
export function rechoosesWhenHostLeavesSfu(urlTier: MediaTier | undefined, tier: MediaTier | null): boolean {
  return !urlTier && (tier === 'sfu' || tier === null);
}

/** On a fallback tier the SFU's events are not ours to act on. */
export function isFallback(tier: MediaTier | null): boolean {
  return tier === 'relay' || tier === 'p2p';
}
