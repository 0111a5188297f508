import { afterEach, beforeAll } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from './in-process-box.js';
import { roomSocketFactory } from './room-sockets.js';

export type SignedUpPerson = Awaited<ReturnType<typeof signUpUser>>;

/**
 * What a file of room-socket tests starts with: one in-process box, its room sockets closed after
 * each test, and the people it names (key: display name) signed up before the first test. Read
 * `people.<key>` inside hooks and tests; it is filled in beforeAll.
 */
export function useRoomBox<Key extends string>(
  names: Record<Key, string>,
  ...boxOptions: Parameters<typeof useInProcessBox>
) {
  const box = useInProcessBox(...boxOptions);
  const sockets = roomSocketFactory(() => box.baseUrl);
  const people = {} as Record<Key, SignedUpPerson>;
  beforeAll(async () => {
    for (const [key, name] of Object.entries(names) as Array<[Key, string]>) {
      people[key] = await signUpUser(box, { name });
    }
  });
  afterEach(() => sockets.closeAll());
  return { box, sockets, people };
}
