/**
 * An anonymous guest's identity as the server signed it (join-room's `guestToken`), kept for this
 * tab only: presented at each handshake, it makes a reconnect, a Retry or a reload the same guest
 * (the same person in the list, still removed if the host removed them). Storage may be off
 * (private modes): then each connection is a new guest, as before.
 */
const KEY = 'riffroom.guestToken';

export function savedGuestToken(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function saveGuestToken(token: string): void {
  try {
    window.sessionStorage.setItem(KEY, token);
  } catch {
    // No storage: this guest is someone new next time.
  }
}
