import { refuse, registerUserPayloadSchema, type RequestAck } from '@riffroom/protocol';
import type { RealtimeSocket } from './types.js';
import { sessionChannel, userRoom } from './types.js';

/** register-user: a socket may only ever listen as the user its token proves. */
export function handleUserChannel(socket: RealtimeSocket): void {
  const uid = socket.data.uid;
  // Signed-in sockets hear their notifications from the start, even before register-user.
  if (uid) void socket.join(userRoom(uid));
  // Signing out disconnects this channel on every node (the API's emitter, or notifications.ts).
  if (socket.data.sessionId) void socket.join(sessionChannel(socket.data.sessionId));

  socket.on('register-user', (payload, ack) => {
    const reply = (result: RequestAck<'register-user'>) => (typeof ack === 'function' ? ack(result) : undefined);
    const parsed = registerUserPayloadSchema.safeParse(payload);
    if (!parsed.success) return reply(refuse('validation/invalid-payload', 'uid must be a user id').toAck());
    if (!uid) return reply(refuse('auth/unauthenticated', 'Sign in to register for notifications').toAck());
    if (parsed.data !== uid) return reply(refuse('auth/forbidden', 'A socket can only register its own user').toAck());
    void socket.join(userRoom(uid));
    reply({ ok: true });
  });
}
