/**
 * Flood vectors over Socket.IO from one address (issue 14, items 7 and 9): oversized chats from
 * anonymous sockets, and anonymous sockets churning join-room/leave-room on the room. Each keeps
 * a pool of sockets; one the server closes or refuses is counted and opened again after a pause,
 * so a refusing box costs the flooder nothing and the flooder never spins.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { ackOutcome, count, newTally, type FloodTarget, type FloodVector, type Tally } from './flood-tally.js';

export interface BigChatPlan {
  sockets: number;
  perSecond: number;
  bytes: number;
}

export interface ChurnPlan {
  sockets: number;
  /** join-room and leave-room requests per second over all sockets. */
  perSecond: number;
}

const ACK_TIMEOUT_MS = 10_000;
const RECONNECT_PAUSE_MS = 500;

/** A pool of anonymous sockets from the flood's address, each reopened after the server drops it. */
function socketPool(target: FloodTarget, size: number, connections: Tally) {
  const sockets: Socket[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const open = (slot: number) => {
    if (stopped) return;
    connections.sent += 1;
    const options = {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      // engine.io-client hands this to ws in Node; its option types leave it out.
      localAddress: target.localAddress,
    } as Partial<ManagerOptions & SocketOptions>;
    const socket = io(target.baseUrl, options);
    sockets[slot] = socket;
    const reopen = () => {
      socket.removeAllListeners();
      socket.close();
      const timer = setTimeout(() => {
        timers.delete(timer);
        open(slot);
      }, RECONNECT_PAUSE_MS);
      timers.add(timer);
    };
    socket.once('connect', () => count(connections, 'accepted', 'connected'));
    socket.once('connect_error', (error: Error) => {
      count(connections, 'refused', `connect error${error.message ? `: ${error.message}` : ''}`);
      reopen();
    });
    socket.once('disconnect', (reason: string) => {
      if (stopped) return;
      connections.outcomes[`dropped: ${reason}`] = (connections.outcomes[`dropped: ${reason}`] ?? 0) + 1;
      reopen();
    });
  };
  for (let slot = 0; slot < size; slot += 1) open(slot);
  return {
    connected: () => sockets.filter((socket) => socket?.connected),
    close() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket?.close();
    },
  };
}

/** An acknowledged emit whose every ending is counted: an ack, a dropped socket, or no answer. */
function emitCounted(
  socket: Socket,
  requests: Tally,
  event: string,
  payload: object,
  anyAnswerAccepted = false,
): Promise<void> {
  requests.sent += 1;
  return new Promise((resolve) => {
    socket
      .timeout(ACK_TIMEOUT_MS)
      .emit(event, payload, (error: Error | null, ack?: { ok?: boolean; code?: string }) => {
        if (error) {
          // socket.io-client fails pending acks with 'socket has been disconnected' when the server drops it.
          const dropped = error.message.includes('disconnected');
          count(requests, dropped ? 'refused' : 'other', dropped ? 'closed' : 'no answer');
        } else count(requests, ...ackOutcome(ack, anyAnswerAccepted));
        resolve();
      });
  });
}

/**
 * Chats of `bytes` characters (far over the chat limit) from anonymous sockets that never joined:
 * the box reads each in full before it can refuse it, unless the socket's payload limit stops it.
 */
export function floodBigChats(target: FloodTarget, plan: BigChatPlan): FloodVector {
  const requests = newTally();
  const connections = newTally();
  const pool = socketPool(target, plan.sockets, connections);
  const message = 'x'.repeat(plan.bytes);
  let next = 0;
  const interval = setInterval(() => {
    const ready = pool.connected();
    if (ready.length === 0) return;
    const socket = ready[next++ % ready.length]!;
    void emitCounted(socket, requests, 'chat', { roomId: target.roomId, message }, true);
  }, 1000 / plan.perSecond);
  return {
    report: () => ({ requests: structuredClone(requests), connections: structuredClone(connections) }),
    stop() {
      clearInterval(interval);
      pool.close();
    },
  };
}

/** Anonymous guests joining and leaving the room in a loop: each join and leave is told to every member. */
export function floodJoinChurn(target: FloodTarget, plan: ChurnPlan): FloodVector {
  const requests = newTally();
  const connections = newTally();
  const pool = socketPool(target, plan.sockets, connections);
  const joined = new WeakSet<Socket>();
  const inFlight = new WeakSet<Socket>();
  let next = 0;
  const interval = setInterval(() => {
    const ready = pool.connected().filter((socket) => !inFlight.has(socket));
    if (ready.length === 0) return;
    const socket = ready[next++ % ready.length]!;
    const event = joined.has(socket) ? 'leave-room' : 'join-room';
    if (event === 'join-room') joined.add(socket);
    else joined.delete(socket);
    inFlight.add(socket);
    void emitCounted(socket, requests, event, { roomId: target.roomId }).then(() => inFlight.delete(socket));
  }, 1000 / plan.perSecond);
  return {
    report: () => ({ requests: structuredClone(requests), connections: structuredClone(connections) }),
    stop() {
      clearInterval(interval);
      pool.close();
    },
  };
}
