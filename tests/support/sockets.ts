import { io, type Socket } from 'socket.io-client';

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
    connect(token?: string): Socket {
      const socket = io(baseUrl(), {
        path: '/socket.io',
        transports: ['websocket'],
        auth: token ? { token } : {},
        reconnection: false,
      });
      sockets.push(socket);
      return socket;
    },
    closeAll(): void {
      for (const socket of sockets.splice(0)) socket.close();
    },
  };
}
