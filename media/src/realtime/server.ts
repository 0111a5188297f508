import type { Server as HttpServer } from 'node:http';
import {
  BUS_SERVER_EVENT,
  decodeBusEvent,
  SCREEN_FRAME_MAX_BYTES,
  type BusEvent,
  type ScreenLayerMode,
} from '@riffroom/protocol';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { randomBytes } from 'node:crypto';
import { authenticateHandshake } from './authenticate.js';
import { GuestIdentities } from './guest-identity.js';
import { resumeHostGraces } from './resume-host-graces.js';
import { deliverBusEvent } from './notifications.js';
import type { RealtimeServer, TokenVerifier } from './types.js';
import { handleUserChannel } from './user-channel.js';
import type { WorkerPool } from '../sfu/worker-pool.js';
import { SfuRooms } from '../sfu/sfu-rooms.js';
import type { SpeakingOptions } from '../sfu/talkback-lane.js';
import type { RoomDirectory } from './room-directory.js';
import { RoomHub } from './room-hub.js';
import { handleRoomInteraction } from './room-interaction.js';
import { handleRoomControls } from './room-controls.js';
import { handleRoomMembership } from './room-membership.js';
import { handleRoomP2p } from './room-p2p.js';
import { handleRoomSfu } from './room-sfu.js';
import { handleRoomTalkback, TalkbackRooms } from './room-talkback.js';
import { handleRoomRecording } from './room-recording.js';
import { RoomRecorders, type RecorderSettings } from '../recording/room-recorders.js';
import { roomChannel } from './types.js';
import { createSocketRelay, handleRoomRelay } from './socket-relay.js';
import type { MediaRelay } from '../relay/media-relay.js';
import { handleRtcConfig } from './rtc-config.js';
import type { IceConfig } from '../p2p/ice-servers.js';
import { DEFAULT_SOCKET_LIMITS, type SocketLimits } from '../socket-limits-config.js';
import { ConnectionCaps } from './connection-caps.js';
import { EventLimits, limitSocketEvents } from './event-limits.js';
import { MessageLimits } from './message-limits.js';
import { attachRedisAdapter, type RedisLink } from './redis-adapter.js';
import { MemoryRoomState } from '../rooms/state/memory-room-state.js';
import { connectRedisRoomState, type RedisRoomStateOptions } from '../rooms/state/redis-room-state.js';

/**
 * Room for one relay-tier screen frame at its cap plus headroom, so an oversize frame from the host
 * still arrives and is refused with an ack; anything past this closes the connection instead.
 */
const HOST_MESSAGE_BYTES = 2 * SCREEN_FRAME_MAX_BYTES;

export interface RealtimeOptions {
  verifyToken: TokenVerifier;
  /** Subscribes to the API's events in-process (the single box); returns the unsubscribe function. */
  subscribe?(listener: (event: BusEvent) => void): () => void;
  /**
   * Scaled out: the Redis of the Socket.IO adapter. Broadcasts then reach every node's sockets, and
   * the API's emitter reaches them too (ARCHITECTURE.md "Scaling out").
   */
  redisUrl?: string;
  /** With redisUrl: ROOM_STATE_TTL_S and ROOM_SEAT_TTL_MS (redis-room-state.ts); their defaults when absent. */
  roomState?: RedisRoomStateOptions;
  logger: Logger;
  /** Collaboration rooms; without them the socket serves notifications only. */
  rooms?: {
    directory: RoomDirectory;
    workers: WorkerPool;
    keyFrameRequestDelayMs: number;
    /** Talkback's speaking lights (TALKBACK_LEVEL_INTERVAL_MS, TALKBACK_SPEAKING_DBOV); defaults when absent. */
    speaking?: SpeakingOptions;
    /** TALKBACK_MAX_KBPS: what one talker may send; its default when absent. */
    talkbackMaxKbps?: number;
    /** SCREEN_LAYERS: how hosts encode their screen; 'single' when absent. */
    screenLayers?: ScreenLayerMode;
    /** SFU_AUDIO_RESERVE_MARGIN_PCT: the program audio's margin on each viewer's link (audio-reserve.ts). */
    audioReserveMarginPct?: number;
    /** ROOM_HOST_GRACE_S: how long a room waits for its host to come back before it ends. */
    hostGraceS: number;
    /** Session recording (issue 17); without it Record is refused. */
    recording?: RecorderSettings;
    /**
     * Signs anonymous guests' guest tokens (guest-identity.ts): the same on every node and across
     * restarts, or a guest coming back is someone new.
     */
    guestIdentityKey: Buffer;
  };
  /** STUN/TURN servers handed out by rtc-config; without them it answers no servers. */
  ice?: IceConfig;
  /** Flood limits (docs/security.md); the defaults when absent. */
  limits?: SocketLimits;
  /** Reverse proxies trusted to append X-Forwarded-For (TRUST_PROXY); none when absent. */
  trustProxyHops?: number;
  /** Told of each refusal by a flood limit ('socket-events', 'socket-connections'), for /metrics. */
  onRateLimited?: (limit: string) => void;
  /**
   * SOCKET_PING_INTERVAL_MS and SOCKET_PING_TIMEOUT_MS: a socket that answers no ping within their
   * sum is dropped, so a host whose network went away silently reads as 'Host has disconnected' to
   * its guests that long after. Socket.IO's defaults (25 s, 20 s) when absent.
   */
  heartbeat?: { pingIntervalMs: number; pingTimeoutMs: number };
}

export interface Realtime {
  io: RealtimeServer;
  /** Present when rooms are configured. */
  hub: RoomHub | null;
  /** Present when recording is configured (tests reach a recording's ffmpeg through it). */
  recorders: RoomRecorders | null;
  /** The relay tier; present with the rooms. */
  relay: MediaRelay | null;
  /** Present with a Redis adapter: its health, for /readyz. */
  redis: RedisLink | null;
  close(): Promise<void>;
}

/** Socket.IO at /socket.io on the given HTTP server. */
export function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): Realtime {
  const limits = options.limits ?? DEFAULT_SOCKET_LIMITS;
  const logger = options.logger;
  const caps = new ConnectionCaps(limits, options.trustProxyHops ?? 0);
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    ...(options.heartbeat
      ? { pingInterval: options.heartbeat.pingIntervalMs, pingTimeout: options.heartbeat.pingTimeoutMs }
      : {}),
    // Every connection starts with the small limit; a room's host is raised to HOST_MESSAGE_BYTES
    // when it is admitted (message-limits.ts).
    maxHttpBufferSize: limits.socketMaxMessageBytes,
    allowRequest: (request, callback) =>
      caps.allowRequest(request, (error, success) => {
        if (!success && error?.startsWith('rate/limited')) options.onRateLimited?.('socket-connections');
        callback(error, success);
      }),
  });
  caps.track(io.engine);
  const redis = options.redisUrl ? attachRedisAdapter(io, options.redisUrl, logger) : null;
  io.use((socket, next) => {
    socket.data.address = caps.addressOf(socket.request);
    next();
  });
  // Without rooms nobody needs a guest identity to last: a key of this process's own will do.
  const guests = new GuestIdentities(options.rooms?.guestIdentityKey ?? randomBytes(32));
  io.use(authenticateHandshake(options.verifyToken, guests));
  const eventLimits = new EventLimits(limits);
  const messageLimits = new MessageLimits(limits.socketMaxMessageBytes, HOST_MESSAGE_BYTES, logger);
  const recorders = options.rooms?.recording ? new RoomRecorders(options.rooms.recording) : null;
  // Scaled out, the room's state lives in Redis like the adapter's channels; one box keeps it in memory.
  const roomState = options.redisUrl
    ? connectRedisRoomState(
        options.redisUrl,
        options.roomState ?? { stateTtlS: 3600, seatTtlMs: 15_000 },
        logger.child({ part: 'room-state' }),
      )
    : new MemoryRoomState();
  recorders?.on('state', (roomId, state) => {
    io.to(roomChannel(roomId)).emit('recording-state', state);
    // A joiner on another node is told on arrival too (join-room's recording).
    roomState
      .setRecording(roomId, state.recording)
      .catch((error: unknown) => logger.warn({ err: error, roomId }, 'could not share the recording state'));
  });
  const hub = options.rooms
    ? new RoomHub(
        io,
        options.rooms.directory,
        new SfuRooms(
          options.rooms.workers,
          {
            keyFrameRequestDelayMs: options.rooms.keyFrameRequestDelayMs,
            ...(options.rooms.speaking ? { speaking: options.rooms.speaking } : {}),
            ...(options.rooms.talkbackMaxKbps ? { talkbackMaxKbps: options.rooms.talkbackMaxKbps } : {}),
            screenLayers: options.rooms.screenLayers ?? 'single',
            ...(options.rooms.audioReserveMarginPct !== undefined
              ? { audioReserveMarginPct: options.rooms.audioReserveMarginPct }
              : {}),
          },
          logger.child({ part: 'sfu' }),
        ),
        logger,
        {
          socketsPerPerson: limits.socketsPerPersonPerRoom,
          messageLimits,
          hostGraceMs: options.rooms.hostGraceS * 1000,
          recordings: recorders ?? undefined,
          guests,
          state: roomState,
        },
      )
    : null;
  const resuming = hub ? resumeHostGraces(hub, logger) : null;
  const relay = hub ? createSocketRelay(io) : null;
  const talkback = hub ? new TalkbackRooms(io, hub, logger, redis !== null) : null;
  const ice: IceConfig = options.ice ?? {
    stunUrls: [],
    turnUrls: [],
    turnCredentialTtlSeconds: 0,
  };
  io.on('connection', (socket) => {
    logger.debug({ sid: socket.id, signedIn: socket.data.uid !== null }, 'socket connected');
    limitSocketEvents(
      socket,
      eventLimits,
      () => hub?.isHost(socket) ?? false,
      () => options.onRateLimited?.('socket-events'),
    );
    handleUserChannel(socket);
    handleRtcConfig(socket, ice, () => hub?.isInRoom(socket) ?? false);
    if (hub && relay && options.rooms) {
      handleRoomMembership(socket, hub, logger);
      handleRoomP2p(socket, hub, logger);
      handleRoomInteraction(socket, hub, relay, logger);
      handleRoomControls(socket, hub, options.rooms.directory, logger, talkback);
      handleRoomSfu(socket, hub, logger);
      if (talkback) handleRoomTalkback(socket, hub, talkback, logger);
      if (recorders) handleRoomRecording(socket, hub, recorders, logger);
      handleRoomRelay(socket, hub, relay, logger);
    }
  });
  const onBusEvent = (event: BusEvent) => {
    deliverBusEvent(io, event);
    if (event.type === 'room-ended' && hub) {
      hub.end(event.roomId).catch((error: unknown) => logger.error({ err: error }, 'ending room failed'));
    }
  };
  const unsubscribe = options.subscribe?.(onBusEvent);
  // Scaled out, the API's emitter sends the events that need this node's code as server-side
  // events (its other events go straight to the sockets). Another process wrote it: validated.
  io.on(BUS_SERVER_EVENT, (raw) => {
    const event = decodeBusEvent(raw);
    if (event?.type === 'room-ended') onBusEvent(event);
    else logger.warn('dropped a malformed server-side bus event');
  });

  let closed = false;
  return {
    io,
    hub,
    recorders,
    relay,
    redis,
    async close() {
      if (closed) return;
      closed = true;
      resuming?.stop();
      unsubscribe?.();
      relay?.closeAll();
      await hub?.close();
      io.disconnectSockets(true);
      // io.close() would also close the shared HTTP server; its owner does that.
      io.engine.close();
      await roomState.close();
      await redis?.close();
    },
  };
}
