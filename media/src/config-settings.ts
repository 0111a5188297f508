import {
  HOST_SETTING,
  INTERNAL_SECRET_SETTING,
  LOG_LEVEL_SETTING,
  METRICS_HOST_SETTING,
  METRICS_PORT_SETTING,
  PORT_SETTING,
  type Setting,
} from '@riffroom/protocol/config';

const text = (value: number) => String(value);

/**
 * Every media-node setting: its place in the RIFFROOM_CONFIG file, the variable that overrides it,
 * its default and meaning (docs/running-and-configuring.md "Every setting" lists the same). One entry per setting;
 * the schema (config.ts, socket-limits-config.ts) holds the types and defaults, and config.test.ts
 * checks the two agree.
 */
export const MEDIA_SETTINGS: readonly Setting[] = [
  PORT_SETTING,
  HOST_SETTING,
  LOG_LEVEL_SETTING,
  METRICS_PORT_SETTING,
  METRICS_HOST_SETTING,
  {
    path: 'apiUrl',
    env: 'API_URL',
    defaultNote: 'none',
    meaning:
      'Media role: the API the node asks about rooms and whose `/.well-known/jwks.json` verifies ID tokens (e.g. `http://api:8080`)',
  },
  INTERNAL_SECRET_SETTING,
  {
    path: 'nodeId',
    env: 'NODE_ID',
    defaultNote: 'host name and port',
    meaning: "Media role: this node's name in the node registry (letters, digits, `.`, `-`, `_`); unique per node",
  },
  {
    path: 'nodePublicUrl',
    env: 'NODE_PUBLIC_URL',
    defaultNote: '`http://HOST:PORT`',
    meaning:
      'Media role: where browsers reach this node (its Socket.IO and `/peerjs`), e.g. `https://studio.example/nodes/media-1`; the room API hands it to the members placed here',
  },
  {
    path: 'nodeHeartbeatMs',
    env: 'NODE_HEARTBEAT_MS',
    default: '1000',
    meaning:
      'Scaled out: how often a media node rewrites its registry record; a node that stops beating drops out after 3 beats. The API places with the same value',
  },
  {
    path: 'roomStateTtlS',
    env: 'ROOM_STATE_TTL_S',
    default: '3600',
    meaning:
      "Scaled out: how long a room's shared live state (chat history, the lock, who has been in) stays in Redis after the last node holding someone in the room stopped refreshing it",
  },
  {
    path: 'roomSeatTtlMs',
    env: 'ROOM_SEAT_TTL_MS',
    default: '15000',
    meaning:
      "Scaled out: a node's seats in a room expire this long after its last refresh (every third of it), so the people of a node that died stop counting against the room's limit",
  },
  {
    path: 'roomOriginMaxConsumers',
    env: 'ROOM_ORIGIN_MAX_CONSUMERS',
    default: '500',
    meaning:
      "Scaled out: once a room's origin node has this many consumers in it, new viewers are placed on another node (an edge)",
  },
  {
    path: 'jwksCooldownMs',
    env: 'JWKS_COOLDOWN_MS',
    default: '30000',
    meaning:
      "Media role: at most one refetch of the API's public keys per this many ms when a token names an unknown key",
  },
  {
    path: 'internalPort',
    env: 'MEDIA_INTERNAL_PORT',
    defaultNote: 'none (no cascading)',
    meaning:
      'Media role: the port other media nodes link to for cascading (INTERNAL_SECRET required); `0` picks a free port',
  },
  {
    path: 'internalHost',
    env: 'MEDIA_INTERNAL_HOST',
    default: '127.0.0.1',
    meaning: 'Media role: the address the internal port binds (the network between the nodes, never the public one)',
  },
  {
    path: 'internalUrl',
    env: 'MEDIA_INTERNAL_URL',
    defaultNote: '`http://MEDIA_INTERNAL_HOST:MEDIA_INTERNAL_PORT`',
    meaning:
      "Media role: how other media nodes reach this node's internal port; the node registry publishes it, and a node knows itself as a room's origin by it",
  },
  {
    path: 'cascadePipeIp',
    env: 'CASCADE_PIPE_IP',
    defaultNote: '`MEDIA_INTERNAL_HOST`',
    meaning: 'Media role: the IP the mediasoup pipe transports between nodes bind',
  },
  {
    path: 'cascadePipeAnnouncedIp',
    env: 'CASCADE_PIPE_ANNOUNCED_IP',
    defaultNote: 'the bound IP',
    meaning: 'Media role: the IP other nodes send pipe RTP to, when it is not the bound one',
  },
  {
    path: 'cascadeSrtp',
    env: 'CASCADE_SRTP',
    default: '0',
    meaning:
      '`1` encrypts the pipes between nodes (SRTP); the keys cross the internal link, so pair it with an https `MEDIA_INTERNAL_URL`',
  },
  {
    path: 'cascadeOriginUrl',
    env: 'CASCADE_ORIGIN_URL',
    defaultNote: 'none (the node registry decides)',
    meaning: "Media role: every room's origin is the node at this internal URL (a fixed topology)",
  },
  { path: 'workers', env: 'MEDIASOUP_WORKERS', defaultNote: 'one per core', meaning: 'mediasoup workers to start' },
  {
    path: 'workerBin',
    env: 'MEDIASOUP_WORKER_BIN',
    defaultNote: '`.setup/mediasoup-worker`',
    meaning: 'The mediasoup worker binary (the set-up builds it there)',
  },
  { path: 'workerLogLevel', env: 'MEDIASOUP_LOG_LEVEL', default: 'warn', meaning: "mediasoup workers' log level" },
  {
    path: 'rtcPort',
    env: 'RTC_PORT',
    default: '40000',
    meaning: 'WebRTC port, UDP and TCP: worker i listens on `RTC_PORT + i`; `0` picks free ports (tests)',
  },
  { path: 'rtcListenIp', env: 'RTC_LISTEN_IP', default: '0.0.0.0', meaning: 'Address the WebRTC port binds' },
  {
    path: 'rtcAnnouncedAddress',
    env: 'RTC_ANNOUNCED_ADDRESS',
    defaultNote: 'first external IPv4',
    meaning: 'Public IP or host name put into ICE candidates',
  },
  {
    path: 'rtcSocketBufferBytes',
    env: 'RTC_SOCKET_BUFFER_BYTES',
    defaultNote: 'the OS default',
    meaning:
      "Send and receive buffer of the WebRTC sockets, in bytes; raise it (and the kernel's `net.core.wmem_max`/`rmem_max`) for hundreds of viewers per worker",
  },
  {
    path: 'rtcMinPort',
    env: 'RTC_MIN_PORT',
    defaultNote: '`RTC_PORT + 100`',
    meaning: 'Lowest port of transports outside the WebRtcServer (plain/pipe transports)',
  },
  {
    path: 'rtcMaxPort',
    env: 'RTC_MAX_PORT',
    defaultNote: '`RTC_PORT + 9999`',
    meaning: 'Highest port of transports outside the WebRtcServer',
  },
  {
    path: 'workerMaxRssMb',
    env: 'MEDIASOUP_WORKER_MAX_RSS_MB',
    default: '1024',
    meaning:
      'A safety net: a worker whose peak memory passes this is recycled (only a runaway reaches it); `0` disables',
  },
  {
    path: 'workerDisableLiburing',
    env: 'MEDIASOUP_DISABLE_LIBURING',
    default: '0',
    meaning: '`1` makes the workers send through libuv instead of io_uring',
  },
  {
    path: 'workerMemoryCheckMs',
    env: 'MEDIASOUP_WORKER_MEMORY_CHECK_MS',
    default: '60000',
    meaning: "How often the workers' memory is checked",
  },
  {
    path: 'keyFrameRequestDelayMs',
    env: 'KEYFRAME_REQUEST_DELAY_MS',
    default: '1000',
    meaning: "A host's video gets at most one keyframe request per this many ms",
  },
  {
    path: 'talkbackLevelIntervalMs',
    env: 'TALKBACK_LEVEL_INTERVAL_MS',
    default: '500',
    meaning: "How often a room's talkback audio levels are measured: the fastest the speaking lights change",
  },
  {
    path: 'talkbackSpeakingDbov',
    env: 'TALKBACK_SPEAKING_DBOV',
    default: '-60',
    meaning: 'Talkback louder than this (dBov, -127 to 0) counts as speaking',
  },
  {
    path: 'talkbackMaxKbps',
    env: 'TALKBACK_MAX_KBPS',
    default: '128',
    meaning:
      "What one talker's talkback mic may send (kbit/s, 16 to 510): declared above it is refused, and a mic measured above 1.5 times it for 2 s is closed",
  },
  {
    path: 'screenLayers',
    env: 'SCREEN_LAYERS',
    default: 'simulcast',
    meaning:
      "How the host's screen reaches the SFU: `simulcast` (VP8, 3 sizes x 3 frame rates), `svc` (VP9 L3T3) or `single` (one 1280x720 stream); each viewer gets the layers its link carries",
  },
  {
    path: 'audioReserveMarginPct',
    env: 'SFU_AUDIO_RESERVE_MARGIN_PCT',
    default: '25',
    meaning:
      "Program audio is never starved by video: each SFU viewer's video layers get its bandwidth estimate minus the program audio's bitrate and this margin, in percent",
  },
  {
    path: 'drainTimeoutS',
    env: 'DRAIN_TIMEOUT_S',
    default: '600',
    meaning: 'On SIGTERM, how long the box waits for live rooms to end before it closes anyway; `0` closes at once',
  },
  {
    path: 'roomHostGraceS',
    env: 'ROOM_HOST_GRACE_S',
    default: '600',
    meaning: 'A room whose host has been gone this long ends; until then the host resumes it by reloading',
  },
  {
    path: 'dataDir',
    env: 'DATA_DIR',
    default: './data',
    meaning:
      'Media role: recordings go to `DATA_DIR/recordings` (scaled out, share this directory with the API, which serves the downloads)',
  },
  {
    path: 'ffmpegBin',
    env: 'FFMPEG_BIN',
    default: 'ffmpeg',
    meaning: 'The ffmpeg that records rooms (one process per recorded track)',
  },
  {
    path: 'recordingsMinFreeMb',
    env: 'RECORDINGS_MIN_FREE_MB',
    default: '1024',
    meaning:
      'Free disk (MB) a recording needs: Record is refused below it, and a running recording stops with a message to the host',
  },
  {
    path: 'recordingMaxCaptures',
    env: 'RECORDING_MAX_CAPTURES',
    default: '0',
    meaning:
      'ffmpeg captures (one per recorded track, about 50 MB each) the node runs at once over every recording; past it Record is refused and new tracks wait; `0` sizes it from the box: a quarter of its memory, at most 8 per core',
  },
  {
    path: 'recordingStartsBurst',
    env: 'RECORDING_STARTS_BURST',
    default: '3',
    meaning: 'Record presses a host may make at once before `RECORDING_STARTS_PER_MINUTE` applies',
  },
  {
    path: 'recordingStartsPerMinute',
    env: 'RECORDING_STARTS_PER_MINUTE',
    default: '6',
    meaning: 'Record presses per host and minute after the burst; more are refused with a message',
  },
  {
    path: 'clientDist',
    env: 'CLIENT_DIST',
    defaultNote: '`client/dist`',
    meaning: 'The built client the box serves',
  },
  {
    path: 'bus',
    env: 'REDIS_URL',
    defaultNote: 'in-process',
    meaning: 'Redis of the scaled setup: Socket.IO across media nodes through the Redis adapter',
    fromEnv: (url) => ({ kind: 'redis', url }),
  },
  {
    path: 'stunUrls',
    env: 'STUN_URLS',
    default: 'stun:stun.l.google.com:19302,stun:stun1.l.google.com:19302',
    meaning: 'STUN servers (comma-separated) handed to clients; set it empty for none',
    emptyIsValue: true,
  },
  {
    path: 'turnUrls',
    env: 'TURN_URLS',
    defaultNote: 'none',
    meaning: 'TURN servers (comma-separated `turn:`/`turns:` URLs)',
  },
  { path: 'turnUsername', env: 'TURN_USERNAME', meaning: 'Static TURN user name, the same for every client' },
  {
    path: 'turnCredential',
    env: 'TURN_CREDENTIAL',
    meaning: 'Static TURN credential, the same for every client',
    secret: true,
  },
  {
    path: 'turnSecret',
    env: 'TURN_SECRET',
    meaning: "coturn's `static-auth-secret`: every client gets its own credential",
    secret: true,
  },
  {
    path: 'turnCredentialTtlSeconds',
    env: 'TURN_CREDENTIAL_TTL_SECONDS',
    default: text(12 * 3600),
    meaning: 'How long a TURN credential made from `TURN_SECRET` is valid',
  },
  {
    path: 'socketPingIntervalMs',
    env: 'SOCKET_PING_INTERVAL_MS',
    default: '25000',
    meaning: 'How often the server pings each Socket.IO connection',
  },
  {
    path: 'socketPingTimeoutMs',
    env: 'SOCKET_PING_TIMEOUT_MS',
    default: '20000',
    meaning:
      "How long a ping may go unanswered before the connection is dropped: a host whose network vanished silently reads as 'Host has disconnected' to its guests after this plus the interval",
  },
  {
    path: 'peerMissedHeartbeats',
    env: 'PEER_MISSED_HEARTBEATS',
    default: '3',
    meaning: 'The PeerJS server drops a client that missed this many 5 s heartbeats',
  },
  {
    path: 'trustProxy',
    env: 'TRUST_PROXY',
    default: '0',
    meaning: 'How many reverse proxies in front of the box append to `X-Forwarded-For` (`true` means 1)',
  },
  ...limits([
    ['socketMaxPerAddress', 'SOCKET_MAX_PER_ADDRESS', 128, 'open Socket.IO connections from one address'],
    ['socketConnectBurst', 'SOCKET_CONNECT_BURST', 200, 'new Socket.IO connections from one address: burst'],
    [
      'socketConnectPerMinute',
      'SOCKET_CONNECT_PER_MINUTE',
      600,
      'new Socket.IO connections from one address: a minute',
    ],
    ['socketsPerPersonPerRoom', 'SOCKETS_PER_PERSON_PER_ROOM', 3, 'sockets of one person in one room'],
    ['socketMaxMessageBytes', 'SOCKET_MAX_MESSAGE_BYTES', 65536, "largest message from a socket not a room's host"],
    ['socketEventsBurst', 'SOCKET_EVENTS_BURST', 120, 'any event, per socket: burst'],
    ['socketEventsPerMinute', 'SOCKET_EVENTS_PER_MINUTE', 1800, 'any event, per socket: a minute'],
    ['socketJoinsBurst', 'SOCKET_JOINS_BURST', 10, '`join-room` + `leave-room`, per socket: burst'],
    ['socketJoinsPerMinute', 'SOCKET_JOINS_PER_MINUTE', 30, '`join-room` + `leave-room`, per socket: a minute'],
    [
      'socketAddressJoinsBurst',
      'SOCKET_ADDRESS_JOINS_BURST',
      300,
      '`join-room` + `leave-room` from one address: burst',
    ],
    [
      'socketAddressJoinsPerMinute',
      'SOCKET_ADDRESS_JOINS_PER_MINUTE',
      600,
      '`join-room` + `leave-room` from one address: a minute',
    ],
    ['socketTransportsBurst', 'SOCKET_TRANSPORTS_BURST', 10, '`sfu:create-transport`, per socket: burst'],
    ['socketTransportsPerMinute', 'SOCKET_TRANSPORTS_PER_MINUTE', 60, '`sfu:create-transport`, per socket: a minute'],
    ['socketConsumesBurst', 'SOCKET_CONSUMES_BURST', 20, '`sfu:consume`, per socket: burst'],
    ['socketConsumesPerMinute', 'SOCKET_CONSUMES_PER_MINUTE', 120, '`sfu:consume`, per socket: a minute'],
    ['peerMaxMessageBytes', 'PEERJS_MAX_MESSAGE_BYTES', 65536, 'largest PeerJS signalling message'],
    ['peerMaxConnectionsPerAddress', 'PEERJS_MAX_CONNECTIONS_PER_ADDRESS', 32, 'open PeerJS sockets from one address'],
    ['peerRequestBurst', 'PEERJS_REQUEST_BURST', 60, 'PeerJS id requests and socket opens from one address: burst'],
    [
      'peerRequestsPerMinute',
      'PEERJS_REQUESTS_PER_MINUTE',
      120,
      'PeerJS id requests and socket opens from one address: a minute',
    ],
    ['peerMessageBurst', 'PEERJS_MESSAGE_BURST', 1000, 'messages per PeerJS socket: burst'],
    ['peerMessagesPerMinute', 'PEERJS_MESSAGES_PER_MINUTE', 3000, 'messages per PeerJS socket: a minute'],
    ['peerByteBurst', 'PEERJS_BYTE_BURST', 1048576, 'bytes per PeerJS socket: burst'],
    ['peerBytesPerMinute', 'PEERJS_BYTES_PER_MINUTE', 4194304, 'bytes per PeerJS socket: a minute'],
  ]),
];

/** The flood limits (docs/security.md): whole numbers, one row each. */
function limits(rows: [path: string, env: string, fallback: number, meaning: string][]): Setting[] {
  return rows.map(([path, env, fallback, meaning]) => ({ path, env, default: text(fallback), meaning }));
}
