import type { Server as HttpServer } from 'node:http';
import type { BusEvent } from '@riffroom/protocol';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { authenticateHandshake } from './authenticate.js';
import { deliverBusEvent } from './notifications.js';
import type { RealtimeServer, TokenVerifier } from './types.js';
import { handleUserChannel } from './user-channel.js';
import type { WorkerPool } from '../sfu/worker-pool.js';
import { SfuRooms } from '../sfu/sfu-rooms.js';
import type { RoomDirectory } from './room-directory.js';
import { RoomHub } from './room-hub.js';
import { handleRoomInteraction } from './room-interaction.js';
import { handleRoomMembership } from './room-membership.js';
import { handleRoomSfu } from './room-sfu.js';

export interface RealtimeOptions {
  verifyToken: TokenVerifier;
  /** Subscribes to the API's events; returns the unsubscribe function. */
  subscribe(listener: (event: BusEvent) => void): () => void;
  logger: Logger;
  /** Collaboration rooms; without them the socket serves notifications only. */
  rooms?: { directory: RoomDirectory; workers: WorkerPool; keyFrameRequestDelayMs: number };
}

export interface Realtime {
  io: RealtimeServer;
  /** Present when rooms are configured. */
  hub: RoomHub | null;
  close(): Promise<void>;
}

/** Socket.IO at /socket.io on the given HTTP server. */
export function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): Realtime {
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // Chat and notifications are small; screen frames (relay tier) get their own cap later.
    maxHttpBufferSize: 1_000_000,
  });
  io.use(authenticateHandshake(options.verifyToken));
  const logger = options.logger;
  const hub = options.rooms
    ? new RoomHub(
        io,
        options.rooms.directory,
        new SfuRooms(
          options.rooms.workers,
          { keyFrameRequestDelayMs: options.rooms.keyFrameRequestDelayMs },
          logger.child({ part: 'sfu' }),
        ),
        logger,
      )
    : null;
  io.on('connection', (socket) => {
    logger.debug({ sid: socket.id, signedIn: socket.data.uid !== null }, 'socket connected');
    handleUserChannel(socket);
    if (hub) {
      handleRoomMembership(socket, hub, logger);
      handleRoomInteraction(socket, hub, logger);
      handleRoomSfu(socket, hub, logger);
    }
  });
  const unsubscribe = options.subscribe((event) => {
    deliverBusEvent(io, event);
    if (event.type === 'room-ended' && hub) {
      hub.end(event.roomId).catch((error: unknown) => logger.error({ err: error }, 'ending room failed'));
    }
  });

  let closed = false;
  return {
    io,
    hub,
    async close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      await hub?.close();
      io.disconnectSockets(true);
      // io.close() would also close the shared HTTP server; its owner does that.
      io.engine.close();
    },
  };
}
