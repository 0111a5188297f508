// `npm run test:docker`: the shipped docker/Dockerfile and docker/compose.yml, built and started
// on this machine, with a room through Caddy in Chromium. Too slow for `npm test` (the image
// build alone takes minutes on 2 cores); tests/docker/packaging.test.ts is its cheap check there.
/// <reference lib="dom" />
import { spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import { CHROMIUM_ARGS } from '../support/browser.js';
import { joinByInviteLink, openHostRoom, untilVideoShows } from '../support/room-pages.js';
import { QUADRANT_COLOURS } from '../support/studio-capture.js';
import { CADDY_IMAGE, COTURN_IMAGE, makeBaseImages } from './base-images.js';
import { LAN_NAME, startComposeStack, type ComposeStack } from './compose-stack.js';
import {
  ensureDockerPackages,
  networkLeftAsFound,
  readNetworkState,
  startDockerHost,
  type DockerHost,
} from './docker-host.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const APP_IMAGE = 'riffroom:docker-test';

const timings: [string, number][] = [];
async function timed<T>(what: string, work: () => T | Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings.push([what, (Date.now() - started) / 1000]);
  }
}

/** The machine's extra CA certificates (a TLS-intercepting proxy's), for npm inside the build. */
const machineCaCertificates = () =>
  spawnSync('sh', ['-c', 'cat /usr/local/share/ca-certificates/*.crt 2>/dev/null'], { encoding: 'utf8' }).stdout.trim();

/** Base64 SHA-256 of a certificate's public key: what Chromium's SPKI allow-list takes. */
const spkiHash = (pem: string) =>
  createHash('sha256')
    .update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');

describe('docker/compose.yml: the single box in containers, a room through Caddy', () => {
  const networkBefore = readNetworkState();
  let host: DockerHost | undefined;
  let stack: ComposeStack | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    await timed('install docker.io, docker-compose, debootstrap (if missing)', ensureDockerPackages);
    host = await timed('start dockerd', startDockerHost);
    const docker = host;
    await timed('base images (debootstrap, node/caddy/coturn stand-ins)', () => makeBaseImages(docker, repoRoot));
    await timed('build docker/Dockerfile', () =>
      docker.docker(
        [
          'build',
          '--network=host',
          '-f',
          'docker/Dockerfile',
          '--build-arg',
          `EXTRA_CA_CERTS=${machineCaCertificates()}`,
          '-t',
          APP_IMAGE,
          '.',
        ],
        { cwd: repoRoot },
      ),
    );
    stack = await timed('compose up until healthy', () =>
      startComposeStack(docker, repoRoot, { app: APP_IMAGE, caddy: CADDY_IMAGE, coturn: COTURN_IMAGE }),
    );
  }, 3_600_000);

  afterAll(async () => {
    try {
      await browser?.close();
      await timed('compose down', () => stack?.down());
    } finally {
      await timed('stop dockerd, restore the network', () => host?.stop());
      console.log(
        `test:docker timings (s):\n${timings.map(([what, s]) => `  ${s.toFixed(1).padStart(7)}  ${what}`).join('\n')}`,
      );
    }
    expect(networkLeftAsFound(networkBefore)).toEqual([]);
  }, 300_000);

  it('the image runs as a non-root user, with the worker and production packages only', () => {
    const out = host!.docker([
      'run',
      '--rm',
      '--network=none',
      '--entrypoint',
      'sh',
      APP_IMAGE,
      '-c',
      [
        'id -un',
        'ldd "$MEDIASOUP_WORKER_BIN" | grep -c "not found"',
        'for p in tsx mediasoup better-sqlite3 vitest vite firebase typescript; do test -e node_modules/$p && echo has-$p; done',
        'test -f client/dist/index.html && echo client-built',
      ].join('; '),
    ]);
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe('riffroom');
    expect(lines[1]).toBe('0');
    expect(lines.slice(2)).toEqual(['has-tsx', 'has-mediasoup', 'has-better-sqlite3', 'client-built']);
  });

  it('through Caddy on https://studio.test, the host shares the screen and a guest sees the picture', async () => {
    // Chromium trusts Caddy's local CA for this run only: the chain's keys are allow-listed.
    const caDir = '/data/caddy/pki/authorities/local';
    const caddy = stack!.compose(['ps', '-q', 'caddy']).trim();
    const keys = ['root.crt', 'intermediate.crt'].map((file) =>
      spkiHash(host!.docker(['exec', caddy, 'cat', `${caDir}/${file}`])),
    );
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        ...CHROMIUM_ARGS,
        `--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`,
        `--ignore-certificate-errors-spki-list=${keys.join(',')}`,
      ],
    });
    const host_ = await openHostRoom(browser, stack!.baseUrl, newAccount('dockerhost'));
    expect(await host_.page.evaluate(() => window.isSecureContext)).toBe(true);
    await host_.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host_.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
    expect(host_.dialogs).toEqual([]);

    const guest = await joinByInviteLink(browser, stack!.baseUrl, host_.page);
    expect(new URL(guest.page.url()).host).toBe(`${LAN_NAME}:${stack!.httpsPort}`);
    await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS, 30_000);
  });
});
