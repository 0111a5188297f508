import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { freePort } from './box.js';
import { startManagedProcess } from './managed-process.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Caddy {
  httpsPort: number;
  /** Caddy's local root CA (`tls internal`) and intermediate, PEM. */
  rootCertFile: string;
  /** The SPKI hashes (base64 SHA-256) of its local CA, for Chromium's --ignore-certificate-errors-spki-list. */
  caSpkiHashes(): string[];
  output(): string;
  stop(): Promise<void>;
}

/** base64 SHA-256 of a certificate's SubjectPublicKeyInfo (DER), as Chromium's SPKI flags take it. */
export function spkiHash(pem: string | Buffer): string {
  const spki = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

/**
 * Real Caddy (Debian's package) running the shipped docker/Caddyfile in front of `appAddress`, with
 * `lanDomain` served by its local CA (`tls internal`). Only what one test machine needs changes: free
 * ports, loopback only (`default_bind`), and its data under a temporary XDG_DATA_HOME.
 */
export async function startCaddy(appAddress: string, lanDomain: string): Promise<Caddy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'riffroom-caddy-'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const shipped = readFileSync(path.join(repoRoot, 'docker', 'Caddyfile'), 'utf8');
  const caddyfile = path.join(dir, 'Caddyfile');
  writeFileSync(caddyfile, shipped.replace(/^\{\n/m, '{\n\tdefault_bind 127.0.0.1\n\tadmin off\n'));
  const caddy = startManagedProcess('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    scratchDir: dir,
    env: {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      DOMAIN: 'localhost',
      LAN_DOMAIN: lanDomain,
      APP_ADDRESS: appAddress,
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
    },
  });
  const authority = path.join(dir, 'data', 'caddy', 'pki', 'authorities', 'local');
  const rootCertFile = path.join(authority, 'root.crt');
  // Ready once it hands out a certificate for the LAN name, signed by its own root.
  await caddy.waitUntilReady(async () => existsSync(rootCertFile) && (await servesCertificate(httpsPort, lanDomain)), {
    timeoutMs: 20_000,
    what: 'caddy serving HTTPS',
  });
  return {
    httpsPort,
    rootCertFile,
    caSpkiHashes: () =>
      ['root.crt', 'intermediate.crt'].map((file) => spkiHash(readFileSync(path.join(authority, file)))),
    output: caddy.output,
    stop: caddy.stop,
  };
}

function servesCertificate(port: number, servername: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername, rejectUnauthorized: false }, () => {
      const served = socket.getPeerCertificate().subject !== undefined;
      socket.destroy();
      resolve(served);
    });
    socket.once('error', () => resolve(false));
  });
}
