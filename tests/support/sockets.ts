import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

/** Extra client options, e.g. `localAddress: '127.0.0.7'` to come from another loopback address. */
export type ClientOptions = Partial<ManagerOptions & SocketOptions> & { localAddress?: string };

/** Resolves once the socket is connected; rejects with the server's refusal. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** Opens Socket.IO clients to one box (signed in with `token`, or anonymous) and closes them all. */
export function socketOpener(baseUrl: () => string) {
  const sockets: Socket[] = [];
  return {
    connect(token?: string, options: ClientOptions = {}): Socket {
      const socket = io(baseUrl(), {
        path: '/socket.io',
        transports: ['websocket'],
        auth: token ? { token } : {},
        reconnection: false,
        ...options,
      });
      sockets.push(socket);
      return socket;
    },
    closeAll(): void {
      for (const socket of sockets.splice(0)) socket.close();
    },
  };
}
