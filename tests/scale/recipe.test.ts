import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import { freePort } from '../support/box.js';
import { startManagedProcess, type ManagedProcess } from '../support/managed-process.js';
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { createRoomAs } from '../support/room-sockets.js';
import { npmScriptCommand, readScaleRecipe } from '../support/scale-recipe.js';
import { until } from '../support/until.js';

// docs/scaling-out.md "On one machine, by hand", followed as written: its PostgreSQL role and
// database, its environment files, its start commands (one api, three media nodes), its Caddyfile,
// and its checks, each read out of the page. Only what one test machine needs differs: the
// servers are the test's own (PostgreSQL, Redis), every port is a free one on 127.0.0.1, the name
// is localhost (Caddy's own CA), the data directory is a temporary one, and media binds loopback.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOC_NAME = 'https://studio.example.com';
const DOC_DATA_DIR = '/srv/riffroom-data';
const recipe = readScaleRecipe();

let postgres: PostgresServer;
let redis: RedisServer;
let dir: string;
let frontDoor: string;
let caddyCa: string;
const ports = new Map<string, number>();
const processes: ManagedProcess[] = [];

/** The doc's port `port` on this machine. */
async function portFor(port: string): Promise<number> {
  if (!ports.has(port)) ports.set(port, await freePort());
  return ports.get(port)!;
}

/** A value of the doc's, moved to this machine: ports, the name, the data directory. */
async function local(name: string, value: string): Promise<string> {
  if (name === 'RTC_PORT') return '0'; // free WebRTC ports (RTC_MIN_PORT/RTC_MAX_PORT stay as written)
  if (name === 'RTC_ANNOUNCED_ADDRESS') return '127.0.0.1';
  if (/(^|_)PORT$/.test(name) && /^\d+$/.test(value) && !/^RTC_M(IN|AX)_PORT$/.test(name)) {
    return String(await portFor(value));
  }
  let moved = value.replaceAll(DOC_NAME, frontDoor).replaceAll(DOC_DATA_DIR, dir);
  for (const [, port] of [...moved.matchAll(/127\.0\.0\.1:(\d+)/g)]) {
    moved = moved.replace(`127.0.0.1:${port}`, `127.0.0.1:${await portFor(port!)}`);
  }
  return moved;
}

/** One process's environment: its files in order, each value moved to this machine. */
async function environment(files: string[]): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const file of files) {
    const variables = recipe.envFiles.get(file);
    if (!variables) throw new Error(`the start line names ${file}, which the page does not write`);
    for (const [name, value] of Object.entries(variables)) env[name] = await local(name, value);
  }
  return { ...env, RTC_LISTEN_IP: '127.0.0.1' };
}

/** GET through Caddy, trusting its local CA. */
function viaFrontDoor(route: string): Promise<{ status: number; body: string }> {
  const url = new URL(route, frontDoor);
  return new Promise((resolve, reject) => {
    https
      .get(
        {
          host: '127.0.0.1',
          port: url.port,
          path: url.pathname,
          servername: 'localhost',
          ca: caddyCa,
          headers: { host: url.host },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      )
      .on('error', reject);
  });
}

/**
 * GET on this machine, as curl would: a fresh connection each time (a pooled one may have been
 * closed by the server's keep-alive timeout meanwhile, which curl never meets).
 */
async function get(url: string): Promise<{ status: number; body: string }> {
  return until(
    async () => {
      const response = await fetch(url);
      return { status: response.status, body: await response.text() };
    },
    { timeoutMs: 10_000, what: `GET ${url}` },
  );
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'riffroom-recipe-'));
  [postgres, redis] = await Promise.all([startPostgresServer(), startRedisServer()]);
  const postgresPort = new URL(postgres.url).port;
  ports.set('5432', Number(postgresPort));
  ports.set('6379', redis.port);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  frontDoor = `https://localhost:${httpsPort}`;

  // Step 1: the role and the database, as the page creates them (the packages are installed here).
  for (const line of recipe.setup) {
    const psql = /^sudo -u postgres psql -c "(.+)"$/.exec(line);
    const createdb = /^sudo -u postgres createdb (.+)$/.exec(line);
    const server = ['-h', '127.0.0.1', '-p', postgresPort, '-U', 'postgres'];
    if (psql) execFileSync('/usr/lib/postgresql/15/bin/psql', [...server, '-c', psql[1]!]);
    else if (createdb) execFileSync('/usr/lib/postgresql/15/bin/createdb', [...server, ...createdb[1]!.split(' ')]);
  }

  // Step 3: each process as the page starts it (the set-up step of the npm script is done here).
  // The API first, as the page says (the nodes ask it for its keys as they start), then the nodes.
  const start = async ({ envFiles, script }: (typeof recipe.starts)[number]) => {
    const env = await environment(envFiles);
    const [command, ...args] = npmScriptCommand(script);
    const role = startManagedProcess(path.join(repoRoot, 'node_modules', '.bin', command!), args, {
      name: `${script} (${envFiles.at(-1)})`,
      cwd: repoRoot,
      processGroup: true,
      env: { ...process.env, ...env },
    });
    processes.push(role);
    await role.waitUntilReady(async () => (await fetch(`http://127.0.0.1:${env.PORT}/healthz`)).status === 200, {
      timeoutMs: 90_000,
      what: `${script} with ${envFiles.join(', ')} healthz`,
    });
  };
  const [api, ...nodes] = recipe.starts;
  await start(api!);
  // Every port is looked up before the nodes start together, so two never draw the same one.
  for (const node of nodes) await environment(node.envFiles);
  await Promise.all(nodes.map(start));

  // Step 4: the page's Caddyfile, on this machine's name and ports.
  let caddyfile = recipe.caddyfile.replace(/^studio\.example\.com \{/m, 'localhost {');
  for (const [doc, port] of ports) caddyfile = caddyfile.replaceAll(`127.0.0.1:${doc}`, `127.0.0.1:${port}`);
  const globals = `{\n\tdefault_bind 127.0.0.1\n\tadmin off\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tskip_install_trust\n}\n\n`;
  const caddyDir = path.join(dir, 'caddy');
  writeFileSync(path.join(dir, 'Caddyfile'), globals + caddyfile);
  const caddy = startManagedProcess(
    'caddy',
    ['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'],
    {
      env: {
        ...process.env,
        HOME: caddyDir,
        XDG_DATA_HOME: path.join(caddyDir, 'data'),
        XDG_CONFIG_HOME: path.join(caddyDir, 'config'),
      },
    },
  );
  processes.push(caddy);
  const rootCert = path.join(caddyDir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  await caddy.waitUntilReady(
    async () => {
      caddyCa = readFileSync(rootCert, 'utf8');
      return (await viaFrontDoor('/readyz')).status === 200;
    },
    { timeoutMs: 30_000, what: 'Caddy serving the API on the front door' },
  );
}, 300_000);

afterAll(async () => {
  await Promise.all(processes.reverse().map((process) => process.stop()));
  await Promise.all([redis?.stop(), postgres?.stop()]);
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe('the by-hand scaled setup of docs/scaling-out.md', () => {
  it('starts an api and three media nodes, each with its own ports, from the files the page writes', () => {
    expect(recipe.starts.map((start) => start.script)).toEqual([
      'start:api',
      'start:media',
      'start:media',
      'start:media',
    ]);
    const ownPorts = recipe.starts.map((start) => {
      const own = recipe.envFiles.get(start.envFiles.at(-1)!)!;
      return [own.PORT, own.METRICS_PORT];
    });
    expect(new Set(ownPorts.flat()).size).toBe(8);
    expect(recipe.envFiles.get('common.env')).toMatchObject({ TRUST_PROXY: '1', HOST: '127.0.0.1' });
    expect(recipe.envFiles.get('api.env')?.PUBLIC_URL).toBe(DOC_NAME);
  });

  it('passes every check of "Checking each part"', async () => {
    for (const line of recipe.checks) {
      const curl = /^curl -s (http:\/\/127\.0\.0\.1:(\d+)(\S*))(?: \| grep (\S+))?/.exec(line);
      if (curl) {
        const [, , port, route, grep] = curl;
        const { status, body } = await get(`http://127.0.0.1:${await portFor(port!)}${route}`);
        expect(status, line).toBe(200);
        if (grep) expect(body, line).toContain(grep);
        if (route === '/readyz') expect(JSON.parse(body), line).toEqual({ ok: true, failing: [] });
        continue;
      }
      const nodes = /^REDIS_URL=(\S+) npm run nodes/.exec(line);
      if (nodes) {
        const [command, ...args] = npmScriptCommand('nodes');
        const env = { ...process.env, REDIS_URL: await local('REDIS_URL', nodes[1]!) };
        // The nodes beat every second: all three are listed once each has beaten.
        await until(
          () => {
            const listed = execFileSync(path.join(repoRoot, 'node_modules', '.bin', command!), args, {
              cwd: repoRoot,
              env,
              encoding: 'utf8',
            });
            return ['media-1', 'media-2', 'media-3'].every((id) => listed.includes(id));
          },
          { timeoutMs: 30_000, what: `${line} listing the three nodes` },
        );
        continue;
      }
      throw new Error(`a check the test cannot follow: ${line}`);
    }
    // "each media node, 8091 to 8093, the same", and each node's own metrics port.
    for (const name of ['media-1.env', 'media-2.env', 'media-3.env']) {
      const own = recipe.envFiles.get(name)!;
      const ready = await get(`http://127.0.0.1:${await portFor(own.PORT!)}/readyz`);
      expect(JSON.parse(ready.body)).toEqual({ ok: true, failing: [] });
      const metrics = await get(`http://127.0.0.1:${await portFor(own.METRICS_PORT!)}/metrics`);
      expect(metrics.body).toContain('riffroom_mediasoup_workers_live 1');
    }
  });

  it('places a room on a node the front door reaches under its prefix, and keeps /internal off it', async () => {
    const api = { baseUrl: frontDoor, call: jsonCaller(`http://127.0.0.1:${await portFor('8081')}`) };
    const host = await signUpUser(api);
    const roomId = await createRoomAs(api, host.idToken);
    const placed = await viaFrontDoor(`/api/rooms/${roomId}/node`);
    expect(placed.status).toBe(200);
    const { url } = JSON.parse(placed.body) as { url: string };
    expect(url).toMatch(new RegExp(`^${frontDoor}/nodes/media-[123]$`));
    const node = await viaFrontDoor(`${new URL(url).pathname}/readyz`);
    expect({ status: node.status, body: JSON.parse(node.body) }).toEqual({
      status: 200,
      body: { ok: true, failing: [] },
    });
    expect((await viaFrontDoor(`/internal/rooms/${roomId}`)).status).toBe(404);
  });
});
