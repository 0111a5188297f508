import {
  GUEST_TALKBACK_OFF_MESSAGE,
  TALKBACK_CONTROLS_SERVER_EVENT,
  refuse,
  talkbackControlsServerEventSchema,
} from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { Logger } from 'pino';
import type { LiveRoom } from '../rooms/live-room.js';
import type { SfuRoom } from '../sfu/sfu-room.js';
import { cascadeEdgeRooms, whenTalkbackPiped } from '../sfu/cascade-edge-rooms.js';
import { talkbackLane, type TalkbackAppData } from '../sfu/talkback-lane.js';
import { TalkbackMix } from '../talkback/talkback-mix.js';
import { muteKeysOf } from './guest-holds.js';
import type { RoomHub } from './room-hub.js';
import { onRoomEvent } from './socket-handler.js';
import { roomChannel, type RealtimeServer, type RealtimeSocket } from './types.js';

/**
 * Talkback's room side (protocol talkback.ts): the host's mix per room, and the room events that
 * follow the router's talkback producers and its speaking watch. One per media node.
 */
export class TalkbackRooms {
  private mixes = new WeakMap<SfuRoom, TalkbackMix>();

  constructor(
    private readonly io: RealtimeServer,
    private readonly hub: RoomHub,
    private readonly logger: Logger,
    /** Scaled out (the Redis adapter): a room's talkers may be on other nodes too. */
    private readonly acrossNodes = false,
  ) {
    hub.media.on('created', (room) => this.wire(room));
    io.on(TALKBACK_CONTROLS_SERVER_EVENT, (raw) => {
      const parsed = talkbackControlsServerEventSchema.safeParse(raw);
      if (!parsed.success) return this.logger.warn('dropped a malformed talkback-controls server-side event');
      this.endDisallowedTalkers(parsed.data.roomId).catch((error: unknown) =>
        this.logger.warn({ err: error, roomId: parsed.data.roomId }, 'ending disallowed talkers failed'),
      );
    });
  }

  mixOf(room: SfuRoom): TalkbackMix {
    let mix = this.mixes.get(room);
    if (!mix) this.mixes.set(room, (mix = new TalkbackMix()));
    return mix;
  }

  stateOf(room: SfuRoom, live: LiveRoom) {
    return this.mixOf(room).state(live, room.talkbackProducers());
  }

  /** Tells the room its talkback now (talkback-state). */
  broadcast(room: SfuRoom): void {
    if (cascadeEdgeRooms.has(room)) return;
    const live = this.liveOf(room.roomId);
    if (live) this.io.to(roomChannel(room.roomId)).emit('talkback-state', this.stateOf(room, live));
  }

  /**
   * The host changed the room's guest talkback: a guest no longer allowed stops talking, here and,
   * scaled out, on every other node of the room (each ends its own talkers; a mic piped from an edge
   * closes at the origin when the edge closes it). Call after the room state has the change.
   */
  async controlsChanged(roomId: string): Promise<void> {
    if (this.acrossNodes) this.io.serverSideEmit(TALKBACK_CONTROLS_SERVER_EVENT, { roomId });
    await this.endDisallowedTalkers(roomId);
  }

  private async endDisallowedTalkers(roomId: string): Promise<void> {
    const room = await this.hub.media.peek(roomId);
    const live = this.liveOf(roomId);
    if (!room || !live) return;
    // On another node than the host's, this node's view of the controls is read from the room state.
    live.applyControls(await this.hub.roomState.restrictions(roomId));
    for (const { peerId, producer } of room.talkbackProducers()) {
      // Only this node's members: a piped-in mic names a member of another node, which ends it there.
      const member = live.member(peerId);
      if (member && !live.mayTalk(member)) producer.close();
    }
    this.broadcast(room);
  }

  private liveOf(roomId: string): LiveRoom | undefined {
    for (const live of this.hub.liveRooms()) if (live.roomId === roomId) return live;
    return undefined;
  }

  private wire(room: SfuRoom): void {
    room.on('talkback-producer-added', (producer) => {
      // A mic piped in from an edge starts as its talker's node had it: the host's mute of that
      // person holds here (and travels back to their node with the pause).
      const { userId } = producer.appData as TalkbackAppData;
      if (producer.paused || !this.mixOf(room).isMuted(userId)) return this.broadcast(room);
      void producer
        .pause()
        .catch(() => {})
        .finally(() => this.broadcast(room));
    });
    room.on('talkback-producer-removed', () => this.broadcast(room));
    room.on('talkback-mic-closed', ({ peerId, measuredBps }) =>
      this.logger.warn({ roomId: room.roomId, peerId, measuredBps }, 'closed a talkback mic sending above the cap'),
    );
    room.on('talkback-speaking', (peerIds) => {
      if (cascadeEdgeRooms.has(room)) return;
      const live = this.liveOf(room.roomId);
      const speakers = peerIds.map((peerId) => ({ peerId, firebase_uid: live?.member(peerId)?.firebase_uid ?? null }));
      this.io.to(roomChannel(room.roomId)).emit('talkback-speaking', { speakers });
    });
  }
}

/**
 * Talkback signalling. Every member may listen; the host and signed-in members may talk, guests
 * only while the host allows it; one mic per person. Mute, level and ducking are the host's.
 */
export function handleRoomTalkback(
  socket: RealtimeSocket,
  hub: RoomHub,
  talkback: TalkbackRooms,
  logger: Logger,
): void {
  /** After an await that made a mediasoup object: a socket that left meanwhile keeps nothing. */
  const keptOnlyByMember = <T>(roomId: string, media: SfuRoom, result: T): T => {
    if (socket.connected && socket.data.roomId === roomId && hub.isMember(socket, roomId)) return result;
    media.removePeer(socket.id);
    throw refuse('room/not-joined', 'Join the room first.');
  };
  const assertMayTalk = async (live: LiveRoom, roomId: string) => {
    // The host may have allowed or stopped guest talkback on another node: the room state has it.
    live.applyControls(await hub.roomState.restrictions(roomId));
    const { member } = hub.membership(socket, roomId);
    if (!live.mayTalk(member)) throw refuse('talkback/guests-not-allowed', GUEST_TALKBACK_OFF_MESSAGE);
    return member;
  };
  const talkerOf = async (roomId: string, peerId: string) => {
    const { live } = hub.hostMembership(socket, roomId, 'change talkback');
    const media = await hub.media.get(roomId);
    // A talker on another media node of the room is known here by its mic, piped in (scale/cascade).
    const piped = media.talkbackProducerOf(peerId)?.appData as TalkbackAppData | undefined;
    const member = live.member(peerId);
    const key = member?.key ?? piped?.userId;
    if (!key) throw refuse('room/not-joined', 'That person is not in this room.');
    const address = socket.nsp.sockets.get(peerId)?.data.address;
    return { key, muteKeys: member ? muteKeysOf(member, address) : [key], media };
  };

  onRoomEvent(socket, 'talkback:state', logger, async ({ roomId }) => {
    const { live } = hub.membership(socket, roomId);
    const media = await hub.media.get(roomId);
    return {
      ...talkback.stateOf(media, live),
      rtpCapabilities: media.rtpCapabilities as unknown as Record<string, unknown>,
    };
  });

  onRoomEvent(socket, 'talkback:create-transport', logger, async ({ roomId, direction }) => {
    const { live } = hub.membership(socket, roomId);
    if (direction === 'send') await assertMayTalk(live, roomId);
    const media = await hub.media.get(roomId);
    return keptOnlyByMember(roomId, media, await media.createTalkbackTransport(socket.id, direction));
  });

  onRoomEvent(socket, 'talkback:connect-transport', logger, async ({ roomId, transportId, dtlsParameters }) => {
    hub.membership(socket, roomId);
    const media = await hub.media.get(roomId);
    await media.connectTransport(talkbackLane(socket.id), transportId, dtlsParameters as types.DtlsParameters);
  });

  onRoomEvent(socket, 'talkback:produce', logger, async ({ roomId, transportId, rtpParameters }) => {
    const { live } = hub.membership(socket, roomId);
    const member = await assertMayTalk(live, roomId);
    const media = await hub.media.get(roomId);
    // One mic per person: another tab of theirs that talks already keeps the floor.
    const talking = media.talkbackProducers().some(({ peerId }) => live.member(peerId)?.key === member.key);
    if (talking) throw refuse('talkback/already-talking', 'Your microphone is already on in another tab.');
    const mix = talkback.mixOf(media);
    const producer = await media.produceTalkback(
      socket.id,
      transportId,
      rtpParameters as unknown as types.RtpParameters,
      { userId: member.key, displayName: member.user_name },
      muteKeysOf(member, socket.data.address).some((key) => mix.isMuted(key)),
    );
    return { producerId: keptOnlyByMember(roomId, media, producer).id };
  });

  onRoomEvent(socket, 'talkback:stop', logger, async ({ roomId }) => {
    hub.membership(socket, roomId);
    (await hub.media.peek(roomId))?.talkbackProducerOf(socket.id)?.close();
  });

  onRoomEvent(socket, 'talkback:consume', logger, async (payload) => {
    hub.membership(socket, payload.roomId);
    const media = await hub.media.get(payload.roomId);
    await whenTalkbackPiped(media, payload.producerId);
    const consumer = await media.consumeTalkback(
      socket.id,
      payload.transportId,
      payload.producerId,
      payload.rtpCapabilities as unknown as types.RtpCapabilities,
    );
    return keptOnlyByMember(payload.roomId, media, consumer);
  });

  onRoomEvent(socket, 'talkback:mute', logger, async ({ roomId, peerId, muted }) => {
    const { muteKeys, media } = await talkerOf(roomId, peerId);
    const producer = media.talkbackProducerOf(peerId);
    if (!producer) throw refuse('talkback/not-talking', 'That person is not talking.');
    for (const key of muteKeys) talkback.mixOf(media).setMuted(key, muted);
    // Paused on the server: no packet of theirs reaches a listener (or a recording) until resumed.
    if (muted) await producer.pause();
    else await producer.resume();
    talkback.broadcast(media);
    logger.info({ roomId, muted }, 'the host changed a talker’s mute');
  });

  onRoomEvent(socket, 'talkback:level', logger, async ({ roomId, peerId, level }) => {
    const { key, media } = await talkerOf(roomId, peerId);
    talkback.mixOf(media).setLevel(key, level);
    talkback.broadcast(media);
  });

  onRoomEvent(socket, 'talkback:ducking', logger, async ({ roomId, duckProgram }) => {
    hub.hostMembership(socket, roomId, 'change talkback');
    const media = await hub.media.get(roomId);
    talkback.mixOf(media).duckProgram = duckProgram;
    talkback.broadcast(media);
  });
}
