import { refuse } from '@riffroom/protocol';
import type { types } from 'mediasoup';
import { RoomUpstream } from './room-upstream.js';

/** How long a viewer's request on an edge waits for the pipe from the origin (scale/cascade). */
export const UPSTREAM_WAIT_MS = 5000;

/**
 * A room's links to other nodes (scale/cascade): the pipe transports on its router, and on an
 * edge node the host's producers piped in from the room's origin. They close with the room.
 */
export class RoomNodeLinks {
  /** Set on an edge node only: the origin has none. */
  upstream: RoomUpstream | null = null;
  private pipes = new Set<types.PipeTransport>();

  /** Made once; from then on the room's producer list and consumes wait (bounded) for the pipe. */
  ensureUpstream(): RoomUpstream {
    this.upstream ??= new RoomUpstream();
    return this.upstream;
  }

  async whenUpstreamListed(): Promise<void> {
    await this.upstream?.whenListed(UPSTREAM_WAIT_MS);
  }

  /** `stillCurrent` says, after the await, whether the room is open on that same router. */
  async createPipeTransport(
    router: types.Router,
    options: types.PipeTransportOptions,
    stillCurrent: () => boolean,
  ): Promise<types.PipeTransport> {
    const transport = await router.createPipeTransport(options);
    if (!stillCurrent()) {
      transport.close();
      throw refuse('sfu/unavailable', 'This room has no media right now.');
    }
    this.pipes.add(transport);
    transport.observer.once('close', () => this.pipes.delete(transport));
    return transport;
  }

  /** The worker died and its pipes with it: the cascade code links again on 'rebuilt'. */
  forgetDead(): void {
    this.upstream?.reset();
    this.pipes.clear();
  }

  close(): void {
    this.upstream?.close();
    for (const pipe of [...this.pipes]) pipe.close();
  }
}
