import { ROOM_LOCKED_MESSAGE } from '@riffroom/protocol';
import type { SeatRules } from '../rooms/state/room-state-store.js';

/** What a person refused a seat is told (the spec's messages for room/locked, room/full, room/too-many-sockets). */
export function seatRefusal(code: 'room/locked' | 'room/too-many-sockets' | 'room/full', rules: SeatRules): string {
  switch (code) {
    case 'room/locked':
      return ROOM_LOCKED_MESSAGE;
    case 'room/too-many-sockets':
      return `You have this room open ${rules.socketsPerPerson} times already. Close a tab or device to join here.`;
    case 'room/full':
      return `This room is full (${rules.maxParticipants} participants at most).`;
  }
}
