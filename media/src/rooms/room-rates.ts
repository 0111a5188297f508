import { CURSOR_MAX_PER_SECOND } from '@riffroom/protocol';
import type { RoomRate } from './state/room-state-store.js';

export const CHAT_MAX_PER_10S = 20;

/**
 * The rate limits on a room's own events, counted by the room state store so they hold over every
 * node (a person with sockets on two nodes gets the limit once, not twice): chat per person (uid or
 * guest id, every tab and node together), the host's cursor per room.
 */
export const CHAT_RATE: RoomRate = { name: 'chat', limit: CHAT_MAX_PER_10S, windowMs: 10_000 };
export const CURSOR_RATE: RoomRate = { name: 'cursor', limit: CURSOR_MAX_PER_SECOND, windowMs: 1000 };
/** The `who` of a limit that counts the room as a whole. */
export const WHOLE_ROOM = '*';
