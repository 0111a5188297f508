/** `npm run test:full` sets this: every end-to-end file and test runs, the heavy ones too. */
export const FULL_RUN = process.env.RIFFROOM_TESTS === 'full';

/**
 * End-to-end files too heavy for every `npm test` (about 40 minutes on 2 cores is its budget):
 * `npm run test:full` runs them with everything else, and an issue that touches their area runs it
 * before it is resolved. Each names what in `npm test` still covers its area.
 */
export const FULL_ONLY_FILES = [
  // Shaped links: tests/e2e/rooms-relay-thin-link.test.ts runs a namespace-shaped link every time.
  'tests/e2e/rooms-thin-link.test.ts',
  'tests/e2e/rooms-constrained-links.test.ts',
  'tests/bench/constrained-viewers-smoke.test.ts',
  // Simulcast and keyframe storms: rooms.test.ts climbs to 1280x720 over the layers, and the
  // keyframe-storm bench's smoke run storms the SFU.
  'tests/e2e/rooms-layers.test.ts',
  'tests/e2e/rooms-layers-single.test.ts',
  // Peer-to-peer in Chromium: tests/security/p2p-outsider.test.ts runs a p2p guest every time.
  'tests/e2e/rooms-fallback.test.ts',
  'tests/e2e/rooms-p2p.test.ts',
  // The host away and back: tests/scale/host-presence.test.ts and the host-grace unit tests.
  'tests/e2e/rooms-host-return.test.ts',
  'tests/integration/rooms-host-grace-restart.test.ts',
  // A host leaving on purpose in Chromium (Back to Dashboard, closing the tab):
  // tests/integration/rooms-host-left-on-purpose.test.ts runs the client's own host connection.
  'tests/e2e/rooms-host-left.test.ts',
  // WebSockets refused in Chromium: tests/integration/room-socket-polling.test.ts runs the client's
  // room socket over long-polling through a node's path, and the flood and deadline cases over it.
  'tests/e2e/rooms-no-websockets.test.ts',
  // Lost connections: tests/e2e/rooms-worker-death.test.ts and the client's unit tests.
  'tests/e2e/rooms-connection-lost.test.ts',
  // Firebase sign-in through the emulator: foundation.test.ts signs up and in with local accounts.
  'tests/e2e/firebase-auth.test.ts',
  // Recording: recording.test.ts in Chromium, tests/integration/recording*.test.ts on the recorder,
  // and server/src/backup/backup-recordings.test.ts for recordings in a backup.
  'tests/e2e/recording-talkback-stems.test.ts',
  'tests/scale/recording-lost-node.test.ts',
  'tests/integration/recording-backup.test.ts',
  // Host controls and ICE-TCP in Chromium: tests/integration/rooms-host-controls.test.ts on real
  // sockets, tests/integration/sfu-upstream-fixes.test.ts and the ICE-TCP memory smoke on the worker.
  'tests/e2e/rooms-host-controls.test.ts',
  'tests/e2e/rooms-ice-tcp.test.ts',
  // HTTPS and TURN: tests/integration/built-in-tls.test.ts, the doctor's TLS and TURN checks, and
  // rooms-ice-tcp.test.ts for a client without UDP.
  'tests/e2e/field/caddy-https.test.ts',
  'tests/e2e/field/turn-relay.test.ts',
  // Cascades: tests/scale/cascade.test.ts decodes through the pipes every time.
  'tests/scale/cascade-talkback.test.ts',
  'tests/bench/cascade-smoke.test.ts',
  // Benchmarks' smoke runs: sfu-fanout, api-messages, keyframe-storm, the WebRTC check and ICE-TCP
  // memory stay.
  'tests/bench/recording-smoke.test.ts',
  'tests/bench/latency-smoke.test.ts',
  'tests/bench/relay-fanout-smoke.test.ts',
  'tests/bench/under-attack-smoke.test.ts',
];
