import type { types } from 'mediasoup';

/**
 * The producers an edge node's room receives from the room's origin node through a pipe
 * (scale/cascade): they stand in for the host's producers, with the same ids, so the edge's viewers
 * consume them as they would local ones. Until the link has listed the origin's producers, a
 * viewer's `sfu:producers` or `sfu:consume` waits (bounded), since the origin's `sfu:new-producer`
 * reaches the edge's viewers through the Socket.IO adapter, possibly before the pipe has it.
 */
export class RoomUpstream {
  private producers = new Map<string, types.Producer>();
  private listed = false;
  /** The lookup named this node the room's origin: nothing comes from upstream, nothing is waited for. */
  private servedHere = false;
  private closed = false;
  private waiters = new Set<() => void>();
  private closeHandlers = new Set<() => void>();

  /** A producer piped in; forgotten when it closes, whoever closes it. */
  add(producer: types.Producer): void {
    if (this.closed) {
      producer.close();
      return;
    }
    this.producers.set(producer.id, producer);
    producer.observer.once('close', () => {
      if (this.producers.get(producer.id) === producer) this.producers.delete(producer.id);
    });
    this.wake();
  }

  get(producerId: string): types.Producer | undefined {
    return this.producers.get(producerId);
  }

  list(): types.Producer[] {
    return [...this.producers.values()];
  }

  /** The origin has announced every producer it had (or this node is the origin after all). */
  markListed(): void {
    this.listed = true;
    this.wake();
  }

  /** This node is the room's origin after all. */
  markServedHere(): void {
    this.servedHere = true;
    this.markListed();
  }

  /** The link dropped: its producers are gone and the next link lists afresh. Returns their ids. */
  reset(): string[] {
    const gone = [...this.producers.keys()];
    for (const producer of [...this.producers.values()]) producer.close();
    this.producers.clear();
    this.listed = this.servedHere;
    return gone;
  }

  /** Resolves once the origin's producers are listed, or after `timeoutMs` (then the list is what it is). */
  whenListed(timeoutMs: number): Promise<void> {
    return this.waitFor(() => this.listed, timeoutMs);
  }

  /** Resolves once that producer is piped in, or after `timeoutMs`. */
  whenProducer(producerId: string, timeoutMs: number): Promise<void> {
    return this.waitFor(() => this.servedHere || this.producers.has(producerId), timeoutMs);
  }

  onClose(handler: () => void): void {
    this.closeHandlers.add(handler);
  }

  /** Idempotent: the room closed; its link goes with it. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.reset();
    this.wake();
    for (const handler of this.closeHandlers) handler();
    this.closeHandlers.clear();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private waitFor(done: () => boolean, timeoutMs: number): Promise<void> {
    if (done() || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (!done() && !this.closed) return;
        finish();
      };
      const finish = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(finish, timeoutMs);
      this.waiters.add(check);
    });
  }

  private wake(): void {
    for (const check of [...this.waiters]) check();
  }
}
