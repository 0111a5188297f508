import type { RoomPeer } from '@riffroom/protocol';

/**
 * What a host's mute holds a talker by (issue 34 item 12; docs/rooms-and-recording.md "What a host can hold against an
 * anonymous guest"). A signed-in member is their uid. An anonymous guest is its guest id, which it
 * sheds by reconnecting without its guest token, so the mute also holds what the server can tie to
 * it: its address (an IPv6 /64, or the IPv4 address; protocol clientBudgetKey), for the life of the
 * room's media. Other anonymous guests behind the same address are held with it.
 */
export function muteKeysOf(member: Pick<RoomPeer, 'firebase_uid'> & { key: string }, address?: string): string[] {
  if (member.firebase_uid !== null || !address) return [member.key];
  return [member.key, `guest-address:${address}`];
}
