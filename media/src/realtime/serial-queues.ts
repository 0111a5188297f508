/**
 * Runs the operations queued under one key one at a time, in the order they were queued; other keys
 * run freely. A socket's join-room, leave-room and disconnect go through here, so a second join-room
 * sent in the same tick waits for the first to finish instead of racing past its "which room is
 * this socket in?" check (issue 14 item 4), and a disconnect cleans up after a join still in flight.
 */
export class SerialQueues {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, operation: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(operation);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work queued or running (for tests and stats). */
  get size(): number {
    return this.tails.size;
  }
}
