import type { RtcConfig } from '@riffroom/protocol';
import { iceServersFor, type IceConfig } from '../p2p/ice-servers.js';
import type { RealtimeSocket } from './types.js';

/**
 * rtc-config: the STUN and TURN servers for this caller's peer-to-peer and SFU connections. Any
 * connected socket may ask (anonymous guests need TURN as much as anyone); TURN credentials made
 * from a shared secret name the caller and expire on their own.
 */
export function handleRtcConfig(socket: RealtimeSocket, config: IceConfig): void {
  // The payload carries nothing; a client that emits no payload makes the ack the first argument.
  socket.on('rtc-config', (payloadOrAck: unknown, maybeAck?: unknown) => {
    const ack = typeof payloadOrAck === 'function' ? payloadOrAck : maybeAck;
    if (typeof ack !== 'function') return;
    const data: RtcConfig = { iceServers: iceServersFor(config, socket.data.uid ?? socket.data.guestId) };
    ack({ ok: true, data });
  });
}
