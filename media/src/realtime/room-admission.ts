import {
  GUEST_USER_NAME,
  PRIVATE_ROOM_MESSAGE,
  REMOVED_FROM_ROOM_MESSAGE,
  refuse,
  type RoomView,
} from '@riffroom/protocol';
import type { MemberIdentity } from '../rooms/live-room.js';
import type { RoomStateStore, SharedRestrictions } from '../rooms/state/room-state-store.js';
import type { RoomDirectory } from './room-directory.js';
import type { RealtimeSocket } from './types.js';

/** What join-room admits a socket to: the room's record, who the socket joins as, and the room's shared restrictions. */
export interface Admission {
  record: RoomView;
  identity: MemberIdentity;
  shared: SharedRestrictions;
}

/** Refuses the join when the socket or the room is gone: checked again after every await. */
export type StillJoinable = (record: RoomView | null) => asserts record is RoomView;

/**
 * join-room's rules before a seat is taken: the room exists and has not ended, a private room admits
 * only its invitees, a person removed from the room stays out (the host never is), and the member's
 * name and requested role come from the directory, never from the payload.
 */
export async function admit(
  socket: RealtimeSocket,
  roomId: string,
  directory: RoomDirectory,
  state: RoomStateStore,
  stillJoinable: StillJoinable,
): Promise<Admission> {
  const uid = socket.data.uid;
  const record = await directory.get(roomId);
  stillJoinable(record);
  if (!record.settings.isPublic && !(await directory.admits(roomId, uid))) {
    throw refuse('room/private', PRIVATE_ROOM_MESSAGE);
  }
  // Removals are kept with the room: one made on another node, or before a restart, counts here.
  const isHost = uid !== null && uid === record.host.firebase_uid;
  if (!isHost && (await directory.isRemoved(roomId, uid ?? socket.data.guestId))) {
    throw refuse('room/removed', REMOVED_FROM_ROOM_MESSAGE);
  }
  const name = uid ? ((await directory.userName(uid)) ?? GUEST_USER_NAME) : GUEST_USER_NAME;
  const shared = await state.restrictions(roomId);
  stillJoinable(record);
  const joinedAs = uid ? record.participants.find((p) => p.firebase_uid === uid)?.role : undefined;
  const identity: MemberIdentity = {
    uid,
    guestId: socket.data.guestId,
    name,
    requestedRole: joinedAs === 'participant' || joinedAs === 'viewer' ? joinedAs : undefined,
  };
  return { record, identity, shared };
}
