import { ROOM_DEFAULT_SETTINGS, type RoomView } from '@riffroom/protocol';

/** The room the client tests meet: 'Late Night Session', hosted by Hana Host, nobody else in it yet. */
export function lateNightRoom(roomId = 'r1'): RoomView {
  return {
    roomId,
    name: 'Late Night Session',
    settings: { ...ROOM_DEFAULT_SETTINGS },
    host: { firebase_uid: 'host', user_name: 'Hana Host' },
    participants: [],
    createdAt: new Date(0).toISOString(),
  };
}
