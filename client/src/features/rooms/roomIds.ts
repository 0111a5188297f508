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

/**
 * What the Join a Session box holds, as a connection code: the code itself, or a pasted invite
 * link (/join-room/{code}, /join-collaboration/{code}, or one carrying ?target={code}).
 */
export function connectionCodeFrom(input: string): string {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  const target = url.searchParams.get('target')?.trim();
  if (target) return target;
  const match = /\/join-(?:room|collaboration)\/([^/?#]+)/.exec(url.pathname);
  return match ? decodeURIComponent(match[1]!) : text;
}
