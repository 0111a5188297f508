import {
  describeZodError,
  RefusalError,
  socketRequests,
  type AckSuccess,
  type ClientToServerEvents,
  type ParsedRequestPayload,
  type RequestAck,
  type RequestAckData,
  type SocketRequestName,
} from '@riffroom/protocol';
import type { Logger } from 'pino';
import type { RealtimeSocket } from './types.js';

/** A request of the rooms protocol: every socket request but the notification channel's and rtc-config. */
export type RoomRequestName = Exclude<SocketRequestName, 'register-user' | 'rtc-config'>;

/** A handler gives back the ack's `data`, or nothing for a bare `{ok:true}`; maybe as a promise. */
type HandlerResult<T> = [T] extends [undefined] ? void : T;
export type RoomEventHandler<K extends RoomRequestName> = (
  payload: ParsedRequestPayload<K>,
) => HandlerResult<RequestAckData<K>> | Promise<HandlerResult<RequestAckData<K>>>;

/** mediasoup's own refusals of client-supplied parameters (bad RTP parameters, unknown codecs). */
const isMediasoupRefusal = (error: unknown) =>
  error instanceof Error && (error.name === 'TypeError' || error.name === 'UnsupportedError');

/**
 * Registers one request of the protocol's socketRequests: the payload is parsed with that request's
 * schema (invalid input changes nothing and gets `validation/invalid-payload`), the handler's result
 * becomes `{ok:true, data}`, and a thrown RefusalError becomes its `{ok:false, code, message}`.
 * Anything else is logged and answered `internal`, its details kept out of the ack.
 */
export function onRoomEvent<K extends RoomRequestName>(
  socket: RealtimeSocket,
  event: K,
  logger: Logger,
  handler: RoomEventHandler<K>,
): void {
  const schema = socketRequests[event].payload;
  const listener = async (payload: unknown, ack?: (result: RequestAck<K>) => void) => {
    const reply = (result: RequestAck<K>) => (typeof ack === 'function' ? ack(result) : undefined);
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      return reply({ ok: false, code: 'validation/invalid-payload', message: describeZodError(parsed.error) });
    }
    try {
      const data = await handler(parsed.data as ParsedRequestPayload<K>);
      // The handler's type says whether this request answers data (HandlerResult).
      reply((data === undefined ? { ok: true } : { ok: true, data }) as AckSuccess<RequestAckData<K>>);
    } catch (error) {
      if (error instanceof RefusalError) return reply(error.toAck());
      if (isMediasoupRefusal(error)) {
        return reply({ ok: false, code: 'sfu/media-error', message: (error as Error).message });
      }
      logger.error({ err: error, event, sid: socket.id }, 'room event failed');
      reply({ ok: false, code: 'internal', message: 'Something went wrong on our side. Please try again.' });
    }
  };
  // Socket.IO types a listener by a condition on the event name that TypeScript cannot resolve for a
  // generic K; this listener is the map's own for K, seen as one of the map's listeners.
  socket.on(event as RoomRequestName, listener as ClientToServerEvents[RoomRequestName]);
}
