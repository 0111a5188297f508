const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Spec part 9: connection codes and room ids are random 7-character strings. */
export function randomRoomId(length = 7): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** The link a guest opens: /join-room/{roomId}, which lands on the guest screen. */
export function inviteLinkFor(roomId: string, origin = window.location.origin): string {
  return `${origin}/join-room/${encodeURIComponent(roomId)}`;
}
