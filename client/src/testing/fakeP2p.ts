import type { P2pFactory } from '../services/media/roomConnection';
import type { P2pChatMessage, P2pContext, P2pShare, P2pTier } from '../services/media/p2pTier';
import { P2pError } from '../services/media/p2pTier';

/**
 * The peer-to-peer side in memory (happy-dom has no WebRTC): `start` opens, fails with a PeerJS
 * error type, or never answers, as the test says; the test plays the other end through `context`.
 */
export class FakeP2p implements P2pTier {
  starts = 0;
  suspends = 0;
  closed = false;
  open = false;
  readonly sentChat: P2pChatMessage[] = [];
  readonly shares: Array<P2pShare | null> = [];
  context!: P2pContext;

  constructor(public outcome: 'open' | 'hang' | { fail: string } = 'open') {}

  readonly factory: P2pFactory = (context) => {
    this.context = context;
    return this;
  };

  start(): Promise<void> {
    this.starts += 1;
    const outcome = this.outcome;
    if (outcome === 'hang') return new Promise(() => {});
    if (outcome !== 'open') return Promise.reject(new P2pError(outcome.fail));
    this.open = true;
    return Promise.resolve();
  }

  suspend(): void {
    this.suspends += 1;
    this.open = false;
  }

  setShare(share: P2pShare | null): void {
    this.shares.push(share);
  }

  sendChat(message: P2pChatMessage): boolean {
    if (!this.open) return false;
    this.sentChat.push(message);
    return true;
  }

  async stats(): Promise<RTCStatsReport | null> {
    return null;
  }

  close(): void {
    this.closed = true;
    this.open = false;
  }
}
