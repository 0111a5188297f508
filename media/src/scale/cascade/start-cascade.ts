import type { Logger } from 'pino';
import type { MediaConfig } from '../../config.js';
import { roomCensus } from '../../realtime/room-census.js';
import type { Realtime } from '../../realtime/server.js';
import { announceRelayDemand } from '../../realtime/socket-relay.js';
import { roomChannel } from '../../realtime/types.js';
import { CascadeNode } from './cascade-node.js';
import { startInternalServer, type InternalServer } from './internal-server.js';
import { fixedOriginLookup, type OriginLookup } from './origin-lookup.js';

export interface RunningCascade {
  node: CascadeNode;
  internal: InternalServer;
  /** Where other nodes reach this one (MEDIA_INTERNAL_URL). */
  selfUrl: string;
  close(): Promise<void>;
}

/**
 * Cascading on a media node: its internal port, and a CascadeNode wired to the node's rooms, relay
 * and sockets. `lookup` says where each room's origin is: the node registry in a scaled setup, a
 * fixed origin with CASCADE_ORIGIN_URL; without either, every room is served where it is joined.
 */
export async function startCascade(
  config: MediaConfig & { internalPort: number; internalSecret: string },
  realtime: Realtime,
  logger: Logger,
  lookup?: OriginLookup,
): Promise<RunningCascade> {
  const { io, hub, relay } = realtime;
  if (!hub || !relay) throw new Error('cascading needs the rooms of the realtime server');
  let node: CascadeNode | null = null;
  const internal = await startInternalServer(
    {
      accept: (ws, roomId) => (node ? node.accept(ws, roomId) : ws.close()),
      stats: () => node?.stats() ?? { edges: [], origins: [] },
    },
    { host: config.internalHost, port: config.internalPort, secret: config.internalSecret },
  );
  const selfUrl = config.internalUrl ?? `http://${hostForUrl(config.internalHost)}:${internal.port}`;
  const pipeIp = config.cascadePipeIp ?? config.internalHost;
  node = new CascadeNode({
    selfUrl,
    secret: config.internalSecret,
    lookup: lookup ?? (config.cascadeOriginUrl ? fixedOriginLookup(config.cascadeOriginUrl) : async () => undefined),
    pipe: { listenIp: pipeIp, announcedAddress: config.cascadePipeAnnouncedIp, srtp: config.cascadeSrtp },
    keyFrameRequestDelayMs: config.keyFrameRequestDelayMs,
    media: hub.media,
    relay,
    localMembers: (roomId) => [...(io.of('/').adapter.rooms.get(roomChannel(roomId)) ?? [])],
    announceDemand: (roomId) => announceRelayDemand(io, relay, roomId),
    originLost: (roomId, producerIds) => {
      // Only this node's viewers: the origin's own members heard nothing is wrong, and no other edge
      // lost anything through this link.
      const here = io.local.to(roomChannel(roomId));
      for (const producerId of producerIds) here.emit('sfu:producer-closed', { producerId });
      void recount(roomId).then((update) => update && here.emit('room-update', update));
    },
    logger: logger.child({ part: 'cascade' }),
  });
  /**
   * The room counted again without the lost node. Redis may not have noticed the dead node's
   * connection yet when the link drops, and the adapter then waits for its answer in vain: retried.
   */
  async function recount(roomId: string) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await roomCensus(io, roomId);
      } catch (error) {
        if (attempt === RECOUNT_ATTEMPTS) {
          logger.warn({ err: error, roomId }, 'could not count the room after its origin was lost');
          return null;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }
  logger.info({ selfUrl, pipeIp }, 'cascade internal port listening');
  const running = node;
  return {
    node: running,
    internal,
    selfUrl,
    async close() {
      running.close();
      await internal.close();
    },
  };
}

const RECOUNT_ATTEMPTS = 3;

/** An IPv6 literal goes in brackets in a URL. */
const hostForUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);
