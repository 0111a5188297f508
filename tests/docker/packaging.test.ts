// The cheap check of docker/ that runs in `npm test` (`npm run test:docker` builds and runs it):
// the Dockerfile and compose.yml parse, reference files that exist and reach the build, and keep
// the promises the README makes about the image and the single box.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BOX_NODE_FLAGS } from '../../scripts/box/node-flags.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile instructions: continuation lines joined, comments and blank lines dropped. */
function instructions(text: string): Instruction[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
}

/** Whether a .dockerignore pattern list leaves `file` out of the build context. */
function ignored(file: string, patterns: string[]): boolean {
  const toRegex = (pattern: string) =>
    pattern
      .split(/(\*\*\/|\*)/)
      .map((part) =>
        part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^$()|[\]{}\\]/g, '\\$&'),
      )
      .join('');
  const clean = file.replace(/\/$/, '');
  return patterns.some((pattern) => new RegExp(`^${toRegex(pattern)}(?:/.*)?$`).test(clean));
}

describe('docker/Dockerfile', () => {
  const steps = instructions(read('docker/Dockerfile'));
  const dockerignore = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stageStarts = steps.flatMap((step, i) => (step.keyword === 'FROM' ? [i] : []));
  const runtime = steps.slice(stageStarts.at(-1));
  const env = Object.fromEntries(
    runtime
      .filter((step) => step.keyword === 'ENV')
      .flatMap((step) => step.args.split(/\s+/).map((pair) => pair.split('=') as [string, string])),
  );

  it('builds on and runs from the official Node 20 Debian 12 image, in named stages', () => {
    const froms = steps.filter((step) => step.keyword === 'FROM').map((step) => step.args);
    expect(froms[0]).toMatch(/^node:20-bookworm-slim AS \w+$/);
    expect(froms.at(-1)).toBe('node:20-bookworm-slim AS runtime');
  });

  it('copies only files that exist and that .dockerignore lets into the context', () => {
    const stages = new Set(steps.filter((s) => s.keyword === 'FROM').map((s) => s.args.split(' AS ')[1]));
    const copies = steps.filter((step) => step.keyword === 'COPY');
    expect(copies.length).toBeGreaterThan(5);
    for (const { args } of copies) {
      const from = /^--from=(\S+)/.exec(args)?.[1];
      if (from) {
        expect(stages, `COPY --from=${from}`).toContain(from);
        continue;
      }
      const sources = args.split(/\s+/).slice(0, -1);
      for (const source of sources) {
        expect(existsSync(path.join(repoRoot, source)), `COPY ${source}: missing`).toBe(true);
        expect(ignored(source, dockerignore), `COPY ${source}: excluded by .dockerignore`).toBe(false);
      }
    }
    // The other way round: what the image must not carry stays out of the context.
    for (const file of [
      'node_modules',
      '.setup/mediasoup-worker',
      'data',
      'client/dist',
      'tests',
      'server/src/app.test.ts',
    ]) {
      expect(ignored(file, dockerignore), file).toBe(true);
    }
  });

  it('installs the set-up script own Debian packages and builds the worker with the project script', () => {
    const runs = steps.filter((step) => step.keyword === 'RUN').map((step) => step.args);
    expect(runs).toContainEqual(expect.stringContaining('node scripts/setup.mjs --debian-packages-only'));
    expect(read('scripts/setup.mjs')).toContain("'--debian-packages-only'");
    expect(runs).toContainEqual(expect.stringContaining('bash scripts/build-mediasoup-worker.sh'));
    expect(runs).toContainEqual(expect.stringContaining('npm ci --omit=dev'));
  });

  it('runs the box as `npm start` does, as a non-root user, with a health check and a data volume', () => {
    const last = (keyword: string) => runtime.filter((step) => step.keyword === keyword).at(-1)?.args ?? '';
    expect(last('USER')).not.toMatch(/^(root|0)?$/);
    expect(last('HEALTHCHECK')).toContain('docker/healthcheck.mjs');
    expect(existsSync(path.join(repoRoot, 'docker/healthcheck.mjs'))).toBe(true);
    expect(JSON.parse(last('VOLUME'))).toEqual([env.DATA_DIR]);
    expect(last('EXPOSE')).toContain(`${env.PORT}/tcp`);
    expect(last('EXPOSE')).toMatch(new RegExp(`${env.RTC_PORT}(-\\d+)?/udp`));
    expect(last('EXPOSE')).toMatch(new RegExp(`${env.RTC_PORT}(-\\d+)?/tcp`));
    expect(JSON.parse(last('CMD'))).toEqual(['node', '--import', 'tsx', ...BOX_NODE_FLAGS, 'scripts/box.ts']);
    // tsx runs the box, so a production install must keep it.
    expect(JSON.parse(read('package.json')).dependencies).toHaveProperty('tsx');
  });
});

describe('docker/compose.yml', () => {
  const compose = parse(read('docker/compose.yml')) as {
    services: Record<string, Record<string, unknown>>;
    volumes: Record<string, unknown>;
  };
  const services = compose.services;

  it('runs the app, Caddy and coturn, each restarted and health-checked, on the host network', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'caddy', 'coturn']);
    for (const [name, service] of Object.entries(services)) {
      expect(service.restart, name).toBe('unless-stopped');
      expect((service.healthcheck as { test: string[] }).test.length, name).toBeGreaterThan(1);
      expect(service.network_mode, name).toBe('host');
    }
    const caddy = services.caddy as { depends_on: Record<string, { condition: string }> };
    expect(caddy.depends_on.app!.condition).toBe('service_healthy');
  });

  it('builds the app from docker/Dockerfile and keeps its data in a named volume', () => {
    const app = services.app as { build: { context: string; dockerfile: string }; volumes: string[] };
    expect(path.resolve(repoRoot, 'docker', app.build.context, app.build.dockerfile)).toBe(
      path.join(repoRoot, 'docker', 'Dockerfile'),
    );
    const env = read('docker/Dockerfile').match(/DATA_DIR=(\S+)/)?.[1];
    expect(app.volumes).toContain(`riffroom-data:${env}`);
  });

  it('mounts files that exist and declares its named volumes', () => {
    for (const service of Object.values(services)) {
      for (const volume of (service.volumes as string[] | undefined) ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('./')) expect(existsSync(path.join(repoRoot, 'docker', source)), volume).toBe(true);
        else if (!source.startsWith('$')) expect(compose.volumes, volume).toHaveProperty(source);
      }
    }
    expect((services.caddy!.volumes as string[])[0]).toBe('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect((services.coturn!.volumes as string[])[0]).toBe('./turnserver.conf:/etc/coturn/turnserver.conf:ro');
  });

  it('requires the announced address, and documents every variable it reads in env.example', () => {
    const text = read('docker/compose.yml');
    expect(text).toMatch(/RTC_ANNOUNCED_ADDRESS: \$\{RTC_ANNOUNCED_ADDRESS:\?/);
    const example = read('docker/env.example');
    const used = new Set([...text.matchAll(/\$\{(\w+)/g)].map((match) => match[1]!));
    for (const name of used) expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });

  it('hands Caddy every variable docker/Caddyfile reads', () => {
    const caddyEnv = Object.keys(services.caddy!.environment as Record<string, string>);
    const read_ = [...read('docker/Caddyfile').matchAll(/\{\$(\w+)/g)].map((match) => match[1]!);
    expect(read_.length).toBeGreaterThan(0);
    for (const name of read_) expect(caddyEnv, name).toContain(name);
  });
});

describe('docker/compose.scaled.yml', () => {
  const compose = parse(read('docker/compose.scaled.yml'), { merge: true }) as {
    services: Record<string, Record<string, unknown>>;
    volumes: Record<string, unknown>;
  };
  const services = compose.services;
  const env = (name: string) => services[name]!.environment as Record<string, string>;

  it('runs PostgreSQL, Redis, two API processes, three media nodes, Caddy and coturn, each restarted and health-checked', () => {
    expect(Object.keys(services).sort()).toEqual([
      'api-1',
      'api-2',
      'caddy',
      'coturn',
      'media-1',
      'media-2',
      'media-3',
      'postgres',
      'redis',
    ]);
    for (const [name, service] of Object.entries(services)) {
      expect(service.restart, name).toBe('unless-stopped');
      expect((service.healthcheck as { test: string[] }).test.length, name).toBeGreaterThan(1);
      expect(service.network_mode, name).toBe('host');
    }
    expect(services['api-1']!.command).toEqual(['node', '--import', 'tsx', 'scripts/api.ts']);
    expect((services['media-1']!.command as string[]).at(-1)).toBe('media/src/main.ts');
  });

  it('gives each media node its own name, public prefix and ports, and every role the same Redis and secret', () => {
    const media = ['media-1', 'media-2', 'media-3'].map(env);
    expect(media.map((node) => node.NODE_ID)).toEqual(['media-1', 'media-2', 'media-3']);
    expect(media[2]!.NODE_PUBLIC_URL).toMatch(/\/nodes\/media-3$/);
    for (const key of ['PORT', 'METRICS_PORT', 'RTC_PORT', 'RTC_MIN_PORT', 'MEDIA_INTERNAL_PORT']) {
      expect(new Set(media.map((node) => node[key])).size, key).toBe(3);
    }
    // The media nodes hand out TURN credentials from the secret coturn checks them with.
    expect((services.coturn!.command as string[]).join(' ')).toContain('--static-auth-secret=${TURN_SECRET}');
    for (const name of ['api-1', 'api-2', 'media-1', 'media-2', 'media-3']) {
      expect(env(name).REDIS_URL, name).toBe(env('api-1').REDIS_URL);
      expect(env(name).INTERNAL_SECRET, name).toMatch(/^\$\{INTERNAL_SECRET:\?/);
    }
  });

  it('mounts files that exist, and documents every variable it reads in env.example', () => {
    for (const service of Object.values(services)) {
      for (const volume of (service.volumes as string[] | undefined) ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('./')) expect(existsSync(path.join(repoRoot, 'docker', source)), volume).toBe(true);
        else if (!source.startsWith('$')) expect(compose.volumes, volume).toHaveProperty(source);
      }
    }
    const example = read('docker/env.example');
    const used = new Set([...read('docker/compose.scaled.yml').matchAll(/\$\{(\w+)/g)].map((match) => match[1]!));
    for (const name of used) expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });

  it('hands Caddy every variable docker/Caddyfile.scaled reads, and routes each node by its prefix', () => {
    const caddyfile = read('docker/Caddyfile.scaled');
    const read_ = [...caddyfile.matchAll(/\{\$(\w+)/g)].map((match) => match[1]!);
    for (const name of read_) expect(Object.keys(env('caddy')), name).toContain(name);
    for (const node of ['media-1', 'media-2', 'media-3']) expect(caddyfile).toContain(`handle_path /nodes/${node}/*`);
    expect(caddyfile).toMatch(/handle \/internal\/\* \{\s+respond 404/);
  });
});
