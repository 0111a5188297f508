import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readFileSync } from 'node:fs';
import {
  busConfigSchema,
  internalSecretSchema,
  mediaNodeIdSchema,
  mediaNodeRecordSchema,
  PEER_MISSED_HEARTBEATS,
  PEERJS_MAX_MESSAGE_BYTES,
  screenLayerModeSchema,
  trustProxyHopsSchema,
} from '@riffroom/protocol';
import { ConfigError, loadLayeredConfig, type ConfigPart } from '@riffroom/protocol/config';
import { MEDIA_SETTINGS } from './config-settings.js';
import type { PeerLimits } from './p2p/peer-guard.js';
import { socketLimitsShape } from './socket-limits-config.js';

export { ConfigError };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const DEFAULT_STUN_URLS = ['stun:stun.l.google.com:19302', 'stun:stun1.l.google.com:19302'] as const;

/** A list of ICE server URLs; from the environment as comma-separated text. */
const urlList = (scheme: RegExp, what: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((url) => url.trim())
            .filter(Boolean)
        : value,
    z.array(z.string().regex(scheme, `must be ${what}`)).max(20),
  );

const nodeUrlSchema = mediaNodeRecordSchema.shape.publicUrl;

/** A whole number in [min, max]; from the environment as text. */
const count = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** Strict: a key the media node does not know (a typo) stops start-up with its name. */
export const mediaConfigSchema = z.strictObject({
  /** The media role's HTTP port and address (the single box listens on the API's, the same setting). */
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  host: z.string().default('0.0.0.0'),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The media role: the API it asks about rooms (internal routes) and whose public keys verify ID
   * tokens (/.well-known/jwks.json). Unused on the single box, which has the API in-process.
   */
  apiUrl: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')
    .max(2048)
    .optional(),
  /** GET /metrics (Prometheus) of the media role, apart from its app port (the box serves its own). */
  metricsPort: z.coerce.number().int().min(0).max(65535).default(9464),
  metricsHost: z.string().min(1).default('127.0.0.1'),
  /** The media role's name in the node registry; unset, its host name and port. */
  nodeId: mediaNodeIdSchema.optional(),
  /** Where browsers reach this node; unset, http://HOST:PORT (a host name in place of 0.0.0.0). */
  nodePublicUrl: nodeUrlSchema.optional(),
  /** Where the API and other nodes reach it; unset, as nodePublicUrl's default. */
  /** A node rewrites its registry record this often; it expires NODE_EXPIRY_BEATS beats later. */
  nodeHeartbeatMs: z.coerce.number().int().min(100).max(60_000).default(1000),
  /**
   * Scaled out: a room's shared state (chat history, the lock, who has been in) stays in Redis this
   * long after the last node holding someone in the room stopped refreshing it.
   */
  roomStateTtlS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86_400)
    .default(3600),
  /**
   * Scaled out: a node's seats in a room (capacity counting) expire this long after its last
   * refresh, so the people of a node that died stop counting; refreshed every third of it.
   */
  roomSeatTtlMs: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  /**
   * Placement: a room's origin takes new viewers until it has this many consumers in the room, then
   * they go to an edge. About two consumers per viewer (screen and program audio).
   */
  roomOriginMaxConsumers: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** Sent to the API's internal routes (INTERNAL_SECRET, the same on every process). */
  internalSecret: internalSecretSchema.optional(),
  /**
   * The media role refetches the API's public keys on a `kid` it does not know, at most once per
   * this many ms: a rotated key is picked up on its first token, forged `kid`s cannot make it
   * fetch in a loop.
   */
  jwksCooldownMs: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * The media role's internal port, for other media nodes only (scale/cascade): an edge node links
   * there to the origin of a room it has viewers of. Unset: no internal port, no cascading. 0 picks
   * a free port (tests).
   */
  internalPort: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address the internal port binds: the network between the nodes, never the public one. */
  internalHost: z.string().min(1).default('127.0.0.1'),
  /** How other nodes reach the internal port; unset, http://internalHost:internalPort. */
  internalUrl: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')
    .max(2048)
    .optional(),
  /** The IP pipe transports bind (the other end sends RTP there); unset, internalHost. */
  cascadePipeIp: z.union([z.ipv4(), z.ipv6()]).optional(),
  /** The IP other nodes send pipe RTP to, when the bound one is not it (0.0.0.0, NAT). */
  cascadePipeAnnouncedIp: z.union([z.ipv4(), z.ipv6()]).optional(),
  /** SRTP on the pipes; the keys travel over the internal link, so use it with an https internal URL. */
  cascadeSrtp: z
    .enum(['0', '1', 'true', 'false'])
    .transform((value) => value === '1' || value === 'true')
    .or(z.boolean())
    .default(false),
  /**
   * Every room's origin is the node at this internal URL (a fixed topology, and tests). Unset, the
   * node registry says where each room lives.
   */
  cascadeOriginUrl: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')
    .max(2048)
    .optional(),
  /** One mediasoup worker per core by default: a worker is single-threaded. */
  workers: z.coerce.number().int().min(1).max(64).default(os.cpus().length),
  workerBin: z
    .string()
    .min(1)
    .default(path.join(repoRoot, '.setup', 'mediasoup-worker')),
  workerLogLevel: z.enum(['debug', 'warn', 'error', 'none']).default('warn'),
  /**
   * Sends through libuv instead of io_uring. io_uring (mediasoup 3.14+, Linux >= 6) batches a
   * worker's sends into one system call per loop turn; a worker checks the kernel and falls back by
   * itself, so this is for kernels or sandboxes (seccomp, gVisor) where io_uring misbehaves.
   */
  workerDisableLiburing: z
    .enum(['0', '1', 'true', 'false'])
    .transform((value) => value === '1' || value === 'true')
    .or(z.boolean())
    .default(false),
  /**
   * The WebRTC port clients reach (UDP and TCP, one mediasoup WebRtcServer): worker i listens on
   * rtcPort + i, so a studio opens rtcPort..rtcPort+workers-1. 0 lets each worker pick free ports
   * (tests, where several boxes share a machine).
   */
  rtcPort: z.coerce.number().int().min(0).max(65535).default(40000),
  /** The address the WebRtcServer binds. */
  rtcListenIp: z.string().min(1).default('0.0.0.0'),
  /**
   * The address put into ICE candidates: the public IP or host name clients can reach. Needed when
   * binding 0.0.0.0 or behind NAT; when unset with 0.0.0.0 the first non-internal IPv4 is used.
   */
  rtcAnnouncedAddress: z.string().min(1).optional(),
  /**
   * Kernel buffer size of the WebRtcServer's sockets, send and receive. A worker fanning a stream out to
   * hundreds of viewers writes bursts (one packet per viewer) faster than the default UDP buffer drains;
   * a larger buffer turns those bursts into queueing instead of drops. Unset keeps the OS default
   * (net.core.wmem_default / rmem_default); the kernel caps it at net.core.wmem_max / rmem_max.
   */
  rtcSocketBufferBytes: z.coerce
    .number()
    .int()
    .min(65536)
    .max(64 * 1024 * 1024)
    .optional(),
  /**
   * Ports of transports created outside the WebRtcServer (plain/pipe transports). Unset, they
   * follow rtcPort: rtcPort+100 .. rtcPort+9999 (40100..49999 by default).
   */
  rtcMinPort: z.coerce.number().int().min(1024).max(65535).optional(),
  rtcMaxPort: z.coerce.number().int().min(1024).max(65535).optional(),
  /**
   * A safety net, no longer a workaround: 3.12's ICE-TCP leak is fixed in 3.19, and 500 ICE-TCP
   * connect/disconnect cycles leave a worker's RSS flat (tests/integration/sfu-ice-tcp-memory).
   * A 3.19 worker forwarding to 1,500 viewers stays under 150 MB, so only a runaway (a new leak,
   * a bug) reaches 1 GB: then the worker is recycled, its rooms move to a fresh worker and their
   * clients reconnect. Lower than 3.12's 1536 so a runaway is caught before it squeezes the box's
   * other workers. 0 turns the watch off.
   */
  workerMaxRssMb: z.coerce.number().int().min(0).default(1024),
  workerMemoryCheckMs: z.coerce.number().int().min(1000).default(60_000),
  /**
   * A video producer forwards at most one keyframe request per this many ms, however many viewers
   * ask: viewers joining together do not flood the host's encoder.
   */
  keyFrameRequestDelayMs: z.coerce.number().int().min(0).max(10_000).default(1000),
  /**
   * Talkback's speaking lights: how often each room's AudioLevelObserver reports (and so the
   * fastest talkback-speaking changes), and how loud counts as speaking, in dBov.
   */
  talkbackLevelIntervalMs: z.coerce.number().int().min(100).max(10_000).default(500),
  talkbackSpeakingDbov: z.coerce.number().int().min(-127).max(0).default(-60),
  /**
   * What one talker's mic may send, in kbit/s: told to the sender, and a mic measured well above it
   * is closed (sfu/talkback-bitrate.ts). Every listener receives each talker, so this bounds the room.
   */
  talkbackMaxKbps: z.coerce.number().int().min(16).max(510).default(128),
  /**
   * How the host encodes its screen for the SFU (protocol screen-layers.ts): layers let each viewer
   * get what its own link carries; 'single' is the one 1280x720 stream of before. The default is
   * the measured choice (docs/performance.md).
   */
  screenLayers: screenLayerModeSchema.default('simulcast'),
  /**
   * Each viewer's program audio is kept out of what its video layers may use: its measured bitrate
   * plus this margin (packet overhead, bursts) comes off the viewer's bandwidth estimate first.
   */
  audioReserveMarginPct: z.coerce.number().min(0).max(200).default(25),
  /**
   * On SIGTERM the box stops taking new rooms and joins, then waits up to this long for the live
   * rooms to end before it closes (a second SIGTERM closes at once). 0 closes at once.
   */
  drainTimeoutS: z.coerce.number().int().min(0).max(86_400).default(600),
  /**
   * A room whose host has been gone (socket dropped or left) this long ends, and its guests are told;
   * until then a reload or a new connection of the host resumes it.
   */
  roomHostGraceS: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * DATA_DIR, the same directory as the API's: recordings go to DATA_DIR/recordings/<id>/ (scaled
   * out, the media nodes and the API share it).
   */
  dataDir: z.string().min(1).default('./data'),
  /** The ffmpeg that records (Debian's package): one process per recorded track. */
  ffmpegBin: z.string().min(1).default('ffmpeg'),
  /**
   * No recording starts with less free disk than this, and one running stops (with a message to the
   * host) when the free space falls below it, before the disk is full and files are cut mid-write.
   */
  recordingsMinFreeMb: z.coerce.number().int().min(0).max(10_000_000).default(1024),
  /**
   * ffmpeg captures this node runs at once over every recording (one per recorded track, ~50 MB
   * each); 0 sizes it from the box (recording/capture-budget.ts).
   */
  recordingMaxCaptures: z.coerce.number().int().min(0).max(10_000).default(0),
  /** Record presses per host: a burst, then this many a minute (each Record may spawn ffmpeg). */
  recordingStartsBurst: z.coerce.number().int().min(1).max(1000).default(3),
  recordingStartsPerMinute: z.coerce.number().int().min(1).max(10_000).default(6),
  /** The built client, served as static files with index.html for every client-side route. */
  clientDist: z.string().default(path.join(repoRoot, 'client', 'dist')),
  /** Scaled out: the Redis of the Socket.IO adapter, shared by every media node and the API's emitter. */
  bus: busConfigSchema.default({ kind: 'memory' }),
  /** STUN servers of the peer-to-peer tier (spec part 7: public ones by default); empty for none. */
  stunUrls: urlList(/^stuns?:/, 'a stun: or stuns: URL').default([...DEFAULT_STUN_URLS]),
  /** TURN servers (e.g. coturn on TCP/TLS 443, ARCHITECTURE.md "Topology"); none unless configured. */
  turnUrls: urlList(/^turns?:/, 'a turn: or turns: URL').default([]),
  /** Static TURN credentials (coturn `lt-cred-mech`): every client gets the same pair. */
  turnUsername: z.string().min(1).optional(),
  turnCredential: z.string().min(1).optional(),
  /**
   * coturn's `static-auth-secret` (`use-auth-secret`): each client gets its own credential, valid
   * for turnCredentialTtlSeconds, so nothing long-lived is handed to anonymous guests.
   */
  turnSecret: z.string().min(1).optional(),
  turnCredentialTtlSeconds: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(12 * 3600),
  /** Socket.IO's heartbeat (realtime/server.ts): a ping this often, a socket dropped this long after one goes unanswered. */
  socketPingIntervalMs: z.coerce.number().int().min(1000).max(300_000).default(25_000),
  socketPingTimeoutMs: z.coerce.number().int().min(1000).max(300_000).default(20_000),
  /** PeerJS clients that miss this many 5 s heartbeats (spec part 9) are dropped by the server. */
  peerMissedHeartbeats: z.coerce.number().int().min(1).max(100).default(PEER_MISSED_HEARTBEATS),
  /**
   * Reverse proxies in front of the box that append to X-Forwarded-For (docs/security.md): 0 takes
   * the socket's address as the client's; the API reads the same TRUST_PROXY.
   */
  trustProxy: trustProxyHopsSchema.default(0),
  /** The largest PeerJS signalling message (protocol's PEERJS_MAX_MESSAGE_BYTES explains the size). */
  peerMaxMessageBytes: count(1024, 16 * 1024 * 1024, PEERJS_MAX_MESSAGE_BYTES),
  /** Open PeerJS sockets per client address: each page on the peer-to-peer tier holds one. */
  peerMaxConnectionsPerAddress: count(1, 100_000, 32),
  /** PeerJS id requests and socket opens per client address: two for each page that opens a peer. */
  peerRequestBurst: count(1, 1_000_000, 60),
  peerRequestsPerMinute: count(1, 1_000_000, 120),
  /**
   * Messages and bytes per PeerJS socket. The host's socket is the busiest: each guest's connection
   * and each call costs it an answer or offer (5-7 KB) and its ICE candidates, about 15 messages and
   * 10 KB (measured in tests/e2e/rooms-p2p.test.ts), and starting to share calls every guest again.
   * These let a host call 50 guests at once. The bytes bound what one socket makes the server relay,
   * or hold for an offline peer (5 s).
   */
  peerMessageBurst: count(1, 1_000_000, 1000),
  peerMessagesPerMinute: count(1, 1_000_000, 3000),
  peerByteBurst: count(1024, 1024 * 1024 * 1024, 1024 * 1024),
  peerBytesPerMinute: count(1024, 1024 * 1024 * 1024, 4 * 1024 * 1024),
  ...socketLimitsShape,
});
export type MediaConfig = Omit<
  z.infer<typeof mediaConfigSchema>,
  'rtcMinPort' | 'rtcMaxPort' | 'nodeId' | 'nodePublicUrl'
> & {
  rtcMinPort: number;
  rtcMaxPort: number;
  nodeId: string;
  nodePublicUrl: string;
};

type Env = Record<string, string | undefined>;

/** Rules across settings, and the transport port range that follows rtcPort unless it is set. */
function finishMediaConfig(parsed: z.output<typeof mediaConfigSchema>): MediaConfig {
  const { rtcPort, workers } = parsed;
  const base = rtcPort === 0 ? 40000 : rtcPort;
  const rtcMinPort = parsed.rtcMinPort ?? Math.min(base + 100, 65535);
  const rtcMaxPort = parsed.rtcMaxPort ?? Math.min(base + 9999, 65535);
  const invalid = (why: string) => new ConfigError(`invalid configuration: ${why}`);
  if (rtcMinPort > rtcMaxPort) throw invalid('rtcMinPort must not exceed rtcMaxPort');
  const { turnUrls, turnUsername, turnCredential, turnSecret } = parsed;
  if (turnUrls.length > 0 && !turnSecret && !(turnUsername && turnCredential)) {
    throw invalid('turnUrls need turnSecret, or turnUsername and turnCredential');
  }
  if (rtcPort !== 0 && rtcPort + workers - 1 > 65535) throw invalid('rtcPort + workers - 1 exceeds 65535');
  if (rtcPort !== 0 && rtcPort + workers - 1 >= rtcMinPort && rtcPort <= rtcMaxPort) {
    throw invalid(`rtcPort..rtcPort+${workers - 1} overlaps rtcMinPort..rtcMaxPort`);
  }
  // A node alone on a machine is told apart by its host name; several on one (tests) by their ports.
  const reachable = `http://${parsed.host === '0.0.0.0' || parsed.host === '::' ? os.hostname() : parsed.host}:${parsed.port}`;
  return {
    ...parsed,
    rtcMinPort,
    rtcMaxPort,
    nodeId: parsed.nodeId ?? `${os.hostname()}-${parsed.port}`.replace(/[^A-Za-z0-9_.-]/g, '-').slice(0, 64),
    nodePublicUrl: parsed.nodePublicUrl ?? reachable,
  };
}

/** The media node's share of the configuration; the single box loads it together with the API's. */
export const MEDIA_CONFIG: ConfigPart<typeof mediaConfigSchema, MediaConfig> = {
  schema: mediaConfigSchema,
  settings: MEDIA_SETTINGS,
  finish: finishMediaConfig,
};

/**
 * The media node alone: defaults in code, then the RIFFROOM_CONFIG file, then the environment,
 * then explicit overrides (tests and benchmarks). A bad value or an unknown key names itself.
 */
export function loadMediaConfig(env: Env = process.env, overrides: Partial<MediaConfig> = {}): MediaConfig {
  const readFile = (file: string) => readFileSync(file, 'utf8');
  return loadLayeredConfig({ media: MEDIA_CONFIG }, { env, readFile, overrides: { media: overrides } }).media;
}

/** The PeerJS server's limits as the guard takes them. */
export function peerLimits(config: MediaConfig): PeerLimits {
  return {
    maxMessageBytes: config.peerMaxMessageBytes,
    maxConnectionsPerAddress: config.peerMaxConnectionsPerAddress,
    requests: { burst: config.peerRequestBurst, perMinute: config.peerRequestsPerMinute },
    messages: { burst: config.peerMessageBurst, perMinute: config.peerMessagesPerMinute },
    bytes: { burst: config.peerByteBurst, perMinute: config.peerBytesPerMinute },
  };
}

/**
 * What ICE candidates announce. Binding a wildcard address announces nothing usable, so pick the
 * machine's first external IPv4 (a LAN address on a studio box), or loopback on an offline one.
 */
export function announcedAddress(config: Pick<MediaConfig, 'rtcListenIp' | 'rtcAnnouncedAddress'>): string | undefined {
  if (config.rtcAnnouncedAddress) return config.rtcAnnouncedAddress;
  if (config.rtcListenIp !== '0.0.0.0' && config.rtcListenIp !== '::') return undefined;
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  return '127.0.0.1';
}
