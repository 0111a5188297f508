/**
 * What one flood vector achieved (bench/lib/flooder-process.ts): every request it sent ends as
 * accepted (the box did the work), refused (a 429 or a rate/limited ack, a closed connection, a
 * refused connect) or other (any other answer, or none in time), and each outcome is counted by
 * name, never thrown: being refused is what the flood is meant to measure.
 */
export interface Tally {
  sent: number;
  accepted: number;
  refused: number;
  other: number;
  /** Each outcome by name: 'HTTP 201', 'HTTP 429', 'ack rate/limited', 'closed', 'connect error', ... */
  outcomes: Record<string, number>;
}

export type Outcome = 'accepted' | 'refused' | 'other';

export function newTally(): Tally {
  return { sent: 0, accepted: 0, refused: 0, other: 0, outcomes: {} };
}

export function count(tally: Tally, outcome: Outcome, name: string): void {
  tally[outcome] += 1;
  tally.outcomes[name] = (tally.outcomes[name] ?? 0) + 1;
}

/**
 * A socket ack's outcome: ok, a rate limit, or some other refusal. For a payload that is the attack
 * in itself (an oversized chat), any answer but a rate limit means the box read it in full: accepted.
 */
export function ackOutcome(
  ack: { ok?: boolean; code?: string } | undefined,
  anyAnswerAccepted = false,
): [Outcome, string] {
  if (ack?.ok) return ['accepted', 'ack ok'];
  if (ack?.code === 'rate/limited') return ['refused', 'ack rate/limited'];
  return [anyAnswerAccepted ? 'accepted' : 'other', `ack ${ack?.code ?? 'malformed'}`];
}

/** What a vector reports: its requests, and for socket vectors the connections that carried them. */
export interface VectorReport {
  requests: Tally;
  connections?: Tally;
  /** Anything else worth knowing (messages sent on open sockets, sockets dropped after opening). */
  notes?: Record<string, number>;
}

/** One running vector of the flood. */
export interface FloodVector {
  report(): VectorReport;
  /** Stops sending and closes everything the vector opened; idempotent. */
  stop(): void;
}

/** Where the flood goes, and the source address it comes from (another 127.0.0.x on loopback). */
export interface FloodTarget {
  baseUrl: string;
  roomId: string;
  localAddress: string;
}
