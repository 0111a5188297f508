import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../support/box.js';
import { until } from '../support/until.js';
import type { DockerHost } from './docker-host.js';

/** docker/compose.yml started with compose v1 (Debian's docker-compose 1.29) against a DockerHost. */
export interface ComposeStack {
  /** The name the browser opens (mapped to 127.0.0.1) and Caddy's HTTPS port. */
  baseUrl: string;
  httpsPort: number;
  /** `docker-compose` with this stack's project, file and .env; throws with its output. */
  compose(args: string[]): string;
  down(): void;
}

export const LAN_NAME = 'studio.test';
const SERVICES = ['app', 'caddy', 'coturn'] as const;

export async function startComposeStack(
  host: DockerHost,
  repoRoot: string,
  images: { app: string; caddy: string; coturn: string },
): Promise<ComposeStack> {
  const dir = path.join(host.dir, 'compose');
  const certsDir = path.join(dir, 'turn-certs');
  mkdirSync(certsDir, { recursive: true });
  // Everything the box listens on is loopback on free ports; Caddy's HTTP(S) ports are free ones
  // too, but the Caddyfile binds them on every address (as in production).
  const [appPort, rtcPort, httpPort, httpsPort, adminPort, turnPort, turnTlsPort] = (await Promise.all(
    Array.from({ length: 7 }, () => freePort()),
  )) as [number, number, number, number, number, number, number];
  const env: Record<string, string> = {
    RIFFROOM_IMAGE: images.app,
    CADDY_IMAGE: images.caddy,
    COTURN_IMAGE: images.coturn,
    DOMAIN: 'localhost',
    LAN_DOMAIN: LAN_NAME,
    PUBLIC_URL: `https://${LAN_NAME}:${httpsPort}`,
    APP_PORT: String(appPort),
    HTTP_PORT: String(httpPort),
    HTTPS_PORT: String(httpsPort),
    CADDY_ADMIN_PORT: String(adminPort),
    RTC_PORT: String(rtcPort),
    RTC_LISTEN_IP: '127.0.0.1',
    RTC_ANNOUNCED_ADDRESS: '127.0.0.1',
    MEDIASOUP_WORKERS: '1',
    TURN_SECRET: randomBytes(16).toString('hex'),
    TURN_URLS: `turn:127.0.0.1:${turnPort}?transport=udp`,
    TURN_PORT: String(turnPort),
    TURN_TLS_PORT: String(turnTlsPort),
    TURN_LISTEN_IP: '127.0.0.1',
    TURN_CERTS_DIR: certsDir,
  };
  const envFile = path.join(dir, '.env');
  writeFileSync(
    envFile,
    Object.entries(env)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
  );

  const base = [
    '-p',
    'riffroom-docker-test',
    '-f',
    path.join(repoRoot, 'docker', 'compose.yml'),
    '--env-file',
    envFile,
  ];
  const compose = (args: string[]): string => {
    const result = spawnSync('docker-compose', [...base, ...args], {
      env: { ...host.env, ...env },
      cwd: path.join(repoRoot, 'docker'),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) {
      throw new Error(
        `docker-compose ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
      );
    }
    return result.stdout;
  };
  const down = () => {
    compose(['down', '--volumes', '--timeout', '20']);
  };

  compose(['up', '-d', '--no-build']);
  try {
    await until(
      () => {
        const states = SERVICES.map((service) => {
          const id = compose(['ps', '-q', service]).trim();
          return id ? host.docker(['inspect', '-f', '{{.State.Health.Status}}', id]).trim() : 'missing';
        });
        if (states.includes('unhealthy')) throw new Error(`unhealthy: ${SERVICES.join(', ')} are ${states.join(', ')}`);
        return states.every((state) => state === 'healthy');
      },
      { timeoutMs: 180_000, intervalMs: 1000, what: 'app, caddy and coturn healthy' },
    );
  } catch (error) {
    const logs = compose(['logs', '--no-color', '--tail', '60']);
    down();
    throw new Error(`${String(error)}\n${logs}`, { cause: error });
  }
  return { baseUrl: `https://${LAN_NAME}:${httpsPort}`, httpsPort, compose, down };
}
