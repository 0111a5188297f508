import type { RealtimeServer, RealtimeSocket } from './types.js';

/**
 * The rooms each socket is a member of on this node: one at most, kept as a set so a leave can never
 * miss one. The socket's own `data.roomId` and `data.member`, which the handlers read, follow it.
 */
export class SocketRooms {
  private readonly rooms = new Map<string, Set<string>>();

  constructor(private readonly io: RealtimeServer) {}

  /** The rooms the socket is in now, as a copy: leaving them while iterating is safe. */
  of(socketId: string): string[] {
    return [...(this.rooms.get(socketId) ?? [])];
  }

  /** Whether the socket is in any room. */
  isInAny(socketId: string): boolean {
    return (this.rooms.get(socketId)?.size ?? 0) > 0;
  }

  remember(socket: RealtimeSocket, roomId: string): void {
    socket.data.roomId = roomId;
    let rooms = this.rooms.get(socket.id);
    if (!rooms) this.rooms.set(socket.id, (rooms = new Set()));
    rooms.add(roomId);
  }

  /** The socket is out of the room; a socket already gone (disconnected) is forgotten all the same. */
  forget(socketId: string, roomId: string, socket = this.io.sockets.sockets.get(socketId)): void {
    if (socket?.data.roomId === roomId) {
      socket.data.roomId = null;
      socket.data.member = null;
    }
    const rooms = this.rooms.get(socketId);
    rooms?.delete(roomId);
    if (rooms?.size === 0) this.rooms.delete(socketId);
  }

  clear(): void {
    this.rooms.clear();
  }
}
