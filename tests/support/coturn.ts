import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './box.js';
import { makeCertificate } from './certificates.js';
import { startManagedProcess } from './managed-process.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Coturn {
  secret: string;
  /** turn: over UDP and TCP, turns: over TLS (certificate for localhost), all on 127.0.0.1. */
  udpUrl: string;
  tcpUrl: string;
  turnsUrl: string;
  /** The self-signed certificate of its TLS port, for clients to trust. */
  certFile: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * A real coturn (Debian's `turnserver`) run from the shipped docker/turnserver.conf, with only what
 * a test on one machine must change: its own secret, free ports on 127.0.0.1, a certificate for
 * localhost, files in a temporary directory, and loopback peers allowed, because here the box it
 * relays to is on 127.0.0.1 (the shipped file refuses that, as a studio's coturn should).
 */
export async function startCoturn(secret = 'field-test-secret'): Promise<Coturn> {
  const dir = mkdtempSync(path.join(tmpdir(), 'riffroom-coturn-'));
  const { cert, key } = makeCertificate(dir, ['localhost', '127.0.0.1']);
  const [port, tlsPort] = [await freePort(), await freePort()];
  // A relay range of its own, away from the ephemeral ports: 40 ports are plenty for one test file.
  const minPort = 50_000 + Math.floor(Math.random() * 300) * 40;
  const overrides: Record<string, string> = {
    'static-auth-secret': secret,
    realm: 'riffroom.test',
    'listening-port': String(port),
    'tls-listening-port': String(tlsPort),
    cert,
    pkey: key,
    'min-port': String(minPort),
    'max-port': String(minPort + 39),
  };
  const shipped = readFileSync(path.join(repoRoot, 'docker', 'turnserver.conf'), 'utf8').split('\n');
  const lines = shipped
    .filter((line) => !/^denied-peer-ip=127\./.test(line) && !/^denied-peer-ip=::1$/.test(line))
    .map((line) => {
      const name = /^([a-z-]+)=/.exec(line)?.[1];
      return name && name in overrides ? `${name}=${overrides[name]}` : line;
    });
  lines.push(
    'listening-ip=127.0.0.1',
    'relay-ip=127.0.0.1',
    'allow-loopback-peers',
    `pidfile=${path.join(dir, 'turnserver.pid')}`,
    `db=${path.join(dir, 'turndb')}`,
    'no-dtls',
  );
  const conf = path.join(dir, 'turnserver.conf');
  writeFileSync(conf, `${lines.join('\n')}\n`);

  const turnserver = startManagedProcess('turnserver', ['-c', conf], { scratchDir: dir });
  await turnserver.waitUntilReady(async () => (await canConnect(port)) && (await canConnect(tlsPort)), {
    timeoutMs: 15_000,
    what: 'turnserver listening',
  });
  return {
    secret,
    udpUrl: `turn:127.0.0.1:${port}?transport=udp`,
    tcpUrl: `turn:127.0.0.1:${port}?transport=tcp`,
    turnsUrl: `turns:localhost:${tlsPort}?transport=tcp`,
    certFile: cert,
    output: turnserver.output,
    stop: turnserver.stop,
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
