/**
 * Names of a recording's files and their labels in the Recordings list. A file name is made only of
 * [a-z0-9-], whatever a talker calls themselves, so it is safe on every file system and in a URL.
 */

/** The API labels the files of a node that never came back the same way (protocol). */
export { trackLabel } from '@riffroom/protocol';

export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug || 'talker';
}

/**
 * Who a talkback producer belongs to, from its appData (`{ source: 'talkback', userId,
 * displayName }`): one stem per userId; a producer without one is its own talker.
 */
export function talkerIdentity(appData: unknown, producerId: string): { key: string; label: string; slug: string } {
  const data = (typeof appData === 'object' && appData !== null ? appData : {}) as Record<string, unknown>;
  const userId = typeof data.userId === 'string' && data.userId.length > 0 ? data.userId.slice(0, 128) : null;
  const displayName =
    typeof data.displayName === 'string' && data.displayName.trim() ? data.displayName.trim().slice(0, 100) : 'Talker';
  return { key: userId ?? producerId, label: displayName, slug: `talker-${fileSlug(displayName)}` };
}
