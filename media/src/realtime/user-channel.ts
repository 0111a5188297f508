import { registerUserPayloadSchema, type Ack } from '@riffroom/protocol';
import type { RealtimeSocket } from './types.js';
import { userRoom } from './types.js';

/** register-user: a socket may only ever listen as the user its token proves. */
export function handleUserChannel(socket: RealtimeSocket): void {
  const uid = socket.data.uid;
  // Signed-in sockets hear their notifications from the start, even before register-user.
  if (uid) void socket.join(userRoom(uid));

  socket.on('register-user', (payload, ack) => {
    const reply = (result: Ack) => (typeof ack === 'function' ? ack(result) : undefined);
    const parsed = registerUserPayloadSchema.safeParse(payload);
    if (!parsed.success)
      return reply({ ok: false, code: 'validation/invalid-payload', message: 'uid must be a user id' });
    if (!uid)
      return reply({ ok: false, code: 'auth/unauthenticated', message: 'Sign in to register for notifications' });
    if (parsed.data !== uid) {
      return reply({ ok: false, code: 'auth/forbidden', message: 'A socket can only register its own user' });
    }
    void socket.join(userRoom(uid));
    reply({ ok: true });
  });
}
