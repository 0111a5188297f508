import { describeZodError, type ClientToServerEvents, type SocketErrorCode } from '@riffroom/protocol';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { SfuError } from '../sfu/sfu-room.js';
import type { RealtimeSocket } from './types.js';

/** A refusal meant for the caller: becomes `{ok:false, code, message}`. */
export class RoomSocketError extends Error {
  constructor(
    readonly code: SocketErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RoomSocketError';
  }
}

type AckResult = { ok: true; data?: unknown } | { ok: false; code: string; message: string };

/** mediasoup's own refusals of client-supplied parameters (bad RTP parameters, unknown codecs). */
const isMediasoupRefusal = (error: unknown) =>
  error instanceof Error && (error.name === 'TypeError' || error.name === 'UnsupportedError');

/**
 * Registers one client event: the payload is parsed with its schema (invalid input changes
 * nothing and gets `validation/invalid-payload`), the handler's result becomes `{ok:true, data}`,
 * and a thrown refusal becomes `{ok:false, code, message}`. 5xx-style details stay in the log.
 */
export function onRoomEvent<S extends z.ZodType>(
  socket: RealtimeSocket,
  event: keyof ClientToServerEvents,
  schema: S,
  logger: Logger,
  handler: (payload: z.output<S>) => unknown,
): void {
  const listener = async (payload: unknown, ack?: unknown) => {
    const reply = (result: AckResult) => (typeof ack === 'function' ? ack(result) : undefined);
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      return reply({ ok: false, code: 'validation/invalid-payload', message: describeZodError(parsed.error) });
    }
    try {
      const data = await handler(parsed.data);
      reply(data === undefined ? { ok: true } : { ok: true, data });
    } catch (error) {
      if (error instanceof RoomSocketError || error instanceof SfuError) {
        return reply({ ok: false, code: error.code, message: error.message });
      }
      if (isMediasoupRefusal(error)) {
        return reply({ ok: false, code: 'sfu/media-error', message: (error as Error).message });
      }
      logger.error({ err: error, event, sid: socket.id }, 'room event failed');
      reply({ ok: false, code: 'internal', message: 'Something went wrong on our side. Please try again.' });
    }
  };
  // The typed event map cannot express "any of these events" generically; the schema does the typing.
  socket.on(event, listener as never);
}
