import type { RtcConfig } from '@riffroom/protocol';
import { iceServersFor, type IceConfig } from '../p2p/ice-servers.js';
import type { RealtimeSocket } from './types.js';

/**
 * rtc-config: the STUN and TURN servers for this caller's peer-to-peer and SFU connections. Any
 * connected socket may ask, but TURN (a relay that costs the studio bandwidth) is handed out only to
 * a socket that is in a room: before join-room the answer has the STUN servers alone. The client
 * asks after join-room (the peer-to-peer tier starts once joined), so it always gets both. TURN
 * credentials made from a shared secret name the caller and expire on their own.
 */
export function handleRtcConfig(socket: RealtimeSocket, config: IceConfig, isInRoom: () => boolean): void {
  // The payload carries nothing; a client that emits no payload makes the ack the first argument.
  socket.on('rtc-config', (payloadOrAck: unknown, maybeAck?: unknown) => {
    const ack = typeof payloadOrAck === 'function' ? payloadOrAck : maybeAck;
    if (typeof ack !== 'function') return;
    const allowed = isInRoom() ? config : { ...config, turnUrls: [] };
    const data: RtcConfig = { iceServers: iceServersFor(allowed, socket.data.uid ?? socket.data.guestId) };
    ack({ ok: true, data });
  });
}
