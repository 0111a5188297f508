import { refuse } from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { Logger } from 'pino';
import type { SfuRoom } from '../sfu/sfu-room.js';
import type { RoomHub } from './room-hub.js';
import { onRoomEvent } from './socket-handler.js';
import { roomChannel, type RealtimeSocket } from './types.js';

/**
 * SFU signalling. Every call needs the room joined; sending media needs the host. mediasoup
 * validates the RTP/DTLS structures in full and its refusal becomes an error ack.
 */
export function handleRoomSfu(socket: RealtimeSocket, hub: RoomHub, logger: Logger): void {
  const mediaOf = async (roomId: string) => {
    hub.membership(socket, roomId);
    return hub.media.get(roomId);
  };
  const hostMediaOf = async (roomId: string, action: string) => {
    hub.hostMembership(socket, roomId, action);
    return hub.media.get(roomId);
  };
  /**
   * After a call that made a transport, producer or consumer: a socket that left the room during it
   * (leave-room or a disconnect ran removePeer before the object existed) keeps nothing there.
   */
  const keptOnlyByMember = <T>(roomId: string, media: SfuRoom, result: T): T => {
    const live = socket.data.roomId === roomId && hub.isMember(socket, roomId);
    if (live && socket.connected) return result;
    media.removePeer(socket.id);
    throw refuse('room/not-joined', 'Join the room first.');
  };

  onRoomEvent(socket, 'sfu:router-capabilities', logger, async ({ roomId }) => {
    const { member } = hub.membership(socket, roomId);
    // The first call of a client's SFU attempt: a guest learns at once that the host is elsewhere.
    if (member.role !== 'host' && (await hub.isHostOffSfu(roomId))) {
      throw refuse('sfu/host-off-sfu', 'The host is not using the SFU; try the next tier.');
    }
    const media = await hub.media.get(roomId);
    return { rtpCapabilities: media.rtpCapabilities, screenLayers: media.screenLayers };
  });

  onRoomEvent(socket, 'sfu:create-transport', logger, async ({ roomId, direction, maxIncomingKbps }) => {
    const media = direction === 'send' ? await hostMediaOf(roomId, 'send media') : await mediaOf(roomId);
    const transport = keptOnlyByMember(
      roomId,
      media,
      await media.createTransport(socket.id, direction, maxIncomingKbps),
    );
    if (direction === 'send') await hub.hostSfuChanged(roomId, 'created-send-transport');
    return transport;
  });

  onRoomEvent(socket, 'sfu:close-transports', logger, async ({ roomId }) => {
    const { member } = hub.membership(socket, roomId);
    // Only the caller's own media: transports are keyed by the socket, never by a payload field.
    // Its talkback stays: that rides its own transports whatever the tier (talkback.ts).
    (await hub.media.peek(roomId))?.removePeer(socket.id, 'tier');
    if (member.role !== 'host') return;
    await hub.hostSfuChanged(roomId, 'closed-transports');
    // Its producers closed with the transports (guests heard sfu:producer-closed); now say why.
    socket.to(roomChannel(roomId)).emit('sfu:host-closed', {});
  });

  onRoomEvent(socket, 'sfu:connect-transport', logger, async (payload) => {
    const media = await mediaOf(payload.roomId);
    await media.connectTransport(socket.id, payload.transportId, payload.dtlsParameters as types.DtlsParameters);
  });

  onRoomEvent(socket, 'sfu:produce', logger, async (payload) => {
    const media = await hostMediaOf(payload.roomId, 'send media');
    const producerId = keptOnlyByMember(
      payload.roomId,
      media,
      await media.produce(
        socket.id,
        payload.transportId,
        payload.kind,
        payload.rtpParameters as unknown as types.RtpParameters,
        payload.source,
        payload.rendition,
      ),
    );
    // Only the host produces (hostMediaOf). Its first producer after leaving the SFU: the guests that
    // fell back may climb back; sfu:new-producer went out already, so a climbing guest finds it listed.
    if (await hub.hostSfuChanged(payload.roomId, 'produced')) {
      socket.to(roomChannel(payload.roomId)).emit('sfu:host-returned', { roomId: payload.roomId });
    }
    return { producerId };
  });

  onRoomEvent(socket, 'sfu:close-producer', logger, async ({ roomId, producerId }) => {
    (await hostMediaOf(roomId, 'close media')).closeProducer(socket.id, producerId);
  });

  onRoomEvent(socket, 'sfu:producers', logger, async ({ roomId }) => {
    const media = await mediaOf(roomId);
    // On an edge node: the list once the pipe from the origin has it (scale/cascade).
    await media.whenUpstreamListed();
    return media.producers();
  });

  onRoomEvent(socket, 'sfu:consume', logger, async (payload) => {
    const media = await mediaOf(payload.roomId);
    const consumer = await media.consume(
      socket.id,
      payload.transportId,
      payload.producerId,
      payload.rtpCapabilities as unknown as types.RtpCapabilities,
    );
    return keptOnlyByMember(payload.roomId, media, consumer);
  });

  onRoomEvent(socket, 'sfu:resume-consumer', logger, async ({ roomId, consumerId }) => {
    await (await mediaOf(roomId)).resumeConsumer(socket.id, consumerId);
  });
}
