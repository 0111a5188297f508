import type { ManagerOptions } from 'socket.io-client';

/**
 * A WebSocket first; where it is refused (a company proxy that blocks upgrades: the networks the
 * relay tier exists for), HTTP long-polling within the same attempt, so its 10 s still holds. A
 * polling session must reach the node that holds it: a room's socket does, pinned by its node's
 * own `/nodes/<id>/` path when scaled (followPlacement), and one box has one node. Polling never
 * upgrades to the WebSocket that just failed (only the transports left after a failure are tried).
 */
export function socketTransports(): Pick<ManagerOptions, 'transports' | 'tryAllTransports'> {
  return { transports: ['websocket', 'polling'], tryAllTransports: true };
}
