import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DockerHost } from './docker-host.js';

/**
 * Images from no registry (design.md §8, Containers): a Debian 12 base made with debootstrap from
 * the machine's own apt mirror, and on it local stand-ins carrying the names docker/Dockerfile and
 * docker/compose.yml pull from Docker Hub, so that both are used unchanged:
 *   node:20-bookworm-slim  this machine's Node 20 and npm, laid out as the official image does
 *   caddy:2, coturn/coturn:4.6  Debian's caddy and coturn packages
 */
export const BASE_IMAGE = 'riffroom-test/bookworm-minbase:latest';
export const NODE_IMAGE = 'node:20-bookworm-slim';
export const CADDY_IMAGE = 'caddy:2';
export const COTURN_IMAGE = 'coturn/coturn:4.6';

/** The first Debian mirror apt is configured with (deb822 or one-line format). */
export function aptMirror(): string {
  const sources = ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list']
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const mirror =
    /^URIs:\s*(\S+\/debian)\s*$/m.exec(sources)?.[1] ?? /^deb\s+(\S+\/debian)\s+bookworm/m.exec(sources)?.[1];
  if (!mirror) throw new Error('no Debian mirror found in the apt sources');
  return mirror;
}

/**
 * The minbase root file system as a tar file. It is kept under .setup/ (like the mediasoup worker)
 * so that a second run skips debootstrap; delete it to make a fresh one.
 */
function bookwormRootfsTar(repoRoot: string): string {
  const tar = path.join(repoRoot, '.setup', 'docker-test', 'bookworm-minbase.tar');
  if (existsSync(tar)) return tar;
  mkdirSync(path.dirname(tar), { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), 'riffroom-debootstrap-'));
  try {
    const rootfs = path.join(work, 'rootfs');
    execFileSync('debootstrap', ['--variant=minbase', 'bookworm', rootfs, aptMirror()], { stdio: 'ignore' });
    // Fewer bytes to import: apt's downloaded packages are not part of the image.
    rmSync(path.join(rootfs, 'var', 'cache', 'apt', 'archives'), { recursive: true, force: true });
    mkdirSync(path.join(rootfs, 'var', 'cache', 'apt', 'archives', 'partial'), { recursive: true });
    execFileSync('tar', ['-C', rootfs, '-cf', `${tar}.part`, '.']);
    renameSync(`${tar}.part`, tar);
    return tar;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Builds a Dockerfile given as text in a temporary context with `files` copied in. */
function buildStandIn(host: DockerHost, tag: string, dockerfile: string, files: Record<string, string> = {}): void {
  const context = mkdtempSync(path.join(tmpdir(), 'riffroom-image-'));
  try {
    writeFileSync(path.join(context, 'Dockerfile'), dockerfile);
    for (const [name, source] of Object.entries(files)) {
      cpSync(source, path.join(context, name), { recursive: true, dereference: true });
    }
    host.docker(['build', '--network=host', '-q', '-t', tag, context]);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

const hasImage = (host: DockerHost, tag: string) => {
  try {
    host.docker(['image', 'inspect', tag]);
    return true;
  } catch {
    return false;
  }
};

/** Makes each image unless the daemon has it (a kept DOCKER_TEST_DATA_ROOT). */
export function makeBaseImages(host: DockerHost, repoRoot: string): void {
  if (!hasImage(host, BASE_IMAGE)) host.docker(['import', bookwormRootfsTar(repoRoot), BASE_IMAGE]);

  const node = process.execPath;
  const npmDir = path.resolve(path.dirname(node), '..', 'lib', 'node_modules', 'npm');
  const headers = path.resolve(path.dirname(node), '..', 'include', 'node');
  if (!hasImage(host, NODE_IMAGE)) {
    buildStandIn(
      host,
      NODE_IMAGE,
      `FROM ${BASE_IMAGE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY include /usr/local/include/node
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx
CMD ["node"]
`,
      { node, npm: npmDir, include: headers },
    );
  }

  const aptInstall = (packages: string) =>
    `RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages} \\
 && rm -rf /var/lib/apt/lists/*`;
  // As the official image: config and data (certificates, the local CA) under /config and /data.
  if (!hasImage(host, CADDY_IMAGE)) {
    buildStandIn(
      host,
      CADDY_IMAGE,
      `FROM ${BASE_IMAGE}
${aptInstall('caddy wget ca-certificates')}
ENV XDG_CONFIG_HOME=/config XDG_DATA_HOME=/data
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
`,
    );
  }
  if (hasImage(host, COTURN_IMAGE)) return;
  buildStandIn(
    host,
    COTURN_IMAGE,
    `FROM ${BASE_IMAGE}
${aptInstall('coturn')}
CMD ["turnserver", "-c", "/etc/coturn/turnserver.conf"]
`,
  );
}
