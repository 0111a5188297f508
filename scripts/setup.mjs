#!/usr/bin/env node
// One-command set-up for a fresh Debian 12 machine with Node 20 (README: `npm start`, `npm test`).
// Plain JavaScript with no dependencies: it runs before `npm ci` has installed anything.
// Every step records what it did under .setup/ and is skipped when nothing it depends on changed.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stateDir = path.join(root, '.setup');
const withTestDeps = process.argv.includes('--with-test-deps');
// docker/Dockerfile installs the same Debian packages in its own layer, before any source is copied.
const debianPackagesOnly = process.argv.includes('--debian-packages-only');

// What building and running need: the toolchain for native modules, mediasoup 3.19's worker
// deps (scripts/build-mediasoup-worker.sh; `patch` applies its source patch), and ffmpeg, which
// records rooms (FFMPEG_BIN; without it Record is refused).
const RUNTIME_PACKAGES = [
  'ffmpeg',
  'python3',
  'make',
  'g++',
  'pkg-config',
  'patch',
  'meson',
  'ninja-build',
  'libuv1-dev',
  'libssl-dev',
  'libsrtp2-dev',
  'libabsl-dev',
  'libusrsctp-dev',
  'flatbuffers-compiler',
  'libflatbuffers-dev',
  'liburing-dev',
];
// What the tests need on top: a real Chromium for end-to-end tests, fonts for it to render, a real
// redis-server for the scaled-out event bus tests and PostgreSQL 15 for the scaled-out database
// tests (each test starts its own server); Caddy and coturn, which the field tests run the shipped
// docker/Caddyfile and docker/turnserver.conf through; nlohmann-json3-dev builds the mediasoup
// 3.12.16 worker that bench/sfu-fanout.ts keeps as its baseline, and openssl makes the DTLS
// certificate of `npm run test:mediasoup-upstream`; iproute2 (ip netns, tc) and iptables shape the
// viewers' links of the constrained-links test and bench (tests/support/netns.ts).
const TEST_PACKAGES = [
  'chromium',
  'fonts-liberation',
  'redis-server',
  'postgresql-15',
  'caddy',
  'coturn',
  'nlohmann-json3-dev',
  'openssl',
  'iproute2',
  'iptables',
];

const log = (message) => console.log(`[setup] ${message}`);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`[setup] failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

function missingPackages(packages) {
  return packages.filter((name) => {
    try {
      const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      return !status.includes('install ok installed');
    } catch {
      return true;
    }
  });
}

function ensureDebianPackages() {
  const wanted = withTestDeps ? [...RUNTIME_PACKAGES, ...TEST_PACKAGES] : RUNTIME_PACKAGES;
  const missing = missingPackages(wanted);
  if (missing.length === 0) return log('Debian packages: present');
  const line = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(
      `[setup] These Debian packages are missing. Install them as root, then run this again:\n\n  sudo apt-get update && sudo ${line}\n`,
    );
    process.exit(1);
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('sh', ['-c', line], { env });
}

function hashFiles(paths) {
  const hash = createHash('sha256');
  const visit = (file) => {
    if (!existsSync(file)) return;
    if (statSync(file).isDirectory()) {
      for (const entry of readdirSync(file).sort()) {
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(file, entry));
      }
    } else {
      hash.update(path.relative(root, file));
      hash.update(readFileSync(file));
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return hash.digest('hex');
}

/** Runs `action` unless the stamp named `name` already records `fingerprint`. */
function step(name, fingerprint, done, action) {
  const stamp = path.join(stateDir, `${name}.stamp`);
  if (done() && existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) return log(`${name}: up to date`);
  action();
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(stamp, fingerprint);
}

ensureDebianPackages();
if (debianPackagesOnly) process.exit(0);

step(
  'npm-ci',
  hashFiles(['package-lock.json']),
  () => existsSync(path.join(root, 'node_modules')),
  () => {
    log('installing npm dependencies (npm ci)');
    run('npm', ['ci', '--no-audit', '--no-fund', '--strict-allow-scripts']);
  },
);

log('mediasoup worker');
run('bash', [path.join(root, 'scripts', 'build-mediasoup-worker.sh')]);

step(
  'client-build',
  hashFiles([
    'client/src',
    'client/index.html',
    'client/vite.config.ts',
    'client/build',
    'client/public',
    'protocol/src',
    'package-lock.json',
  ]),
  () => existsSync(path.join(root, 'client', 'dist', 'index.html')),
  () => {
    log('building the client');
    run('npm', ['run', 'build', '-w', 'client']);
  },
);

// The Firebase-mode tests run against the Auth emulator of firebase-tools (about 240 MB). It is a
// test dependency only, so it has its own pinned package.json and lock under scripts/ and installs
// into .setup/, away from the root `npm ci` that `npm start` runs too.
if (withTestDeps) {
  const emulatorDir = path.join(stateDir, 'firebase-emulator');
  step(
    'firebase-emulator',
    hashFiles(['scripts/firebase-emulator']),
    () => existsSync(path.join(emulatorDir, 'node_modules', '.bin', 'firebase')),
    () => {
      log('installing firebase-tools for the Auth emulator (npm ci into .setup/firebase-emulator)');
      mkdirSync(emulatorDir, { recursive: true });
      for (const file of ['package.json', 'package-lock.json']) {
        copyFileSync(path.join(root, 'scripts', 'firebase-emulator', file), path.join(emulatorDir, file));
      }
      run('npm', ['ci', '--no-audit', '--no-fund', '--strict-allow-scripts', '--prefix', emulatorDir]);
    },
  );
}

log('ready');
