import type { Server as HttpServer } from 'node:http';
import type { BusEvent } from '@riffroom/protocol';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { authenticateHandshake } from './authenticate.js';
import { deliverBusEvent } from './notifications.js';
import type { RealtimeServer, TokenVerifier } from './types.js';
import { handleUserChannel } from './user-channel.js';

export interface RealtimeOptions {
  verifyToken: TokenVerifier;
  /** Subscribes to the API's events; returns the unsubscribe function. */
  subscribe(listener: (event: BusEvent) => void): () => void;
  logger: Logger;
}

export interface Realtime {
  io: RealtimeServer;
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
  io.on('connection', (socket) => {
    options.logger.debug({ sid: socket.id, signedIn: socket.data.uid !== null }, 'socket connected');
    handleUserChannel(socket);
  });
  const unsubscribe = options.subscribe((event) => deliverBusEvent(io, event, options.logger));

  let closed = false;
  return {
    io,
    async close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      io.disconnectSockets(true);
      // io.close() would also close the shared HTTP server; its owner does that.
      io.engine.close();
    },
  };
}
