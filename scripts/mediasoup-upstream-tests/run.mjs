#!/usr/bin/env node
// `npm run test:mediasoup-upstream`: mediasoup's own Node test suite, as compiled into its npm
// package (node/lib/test/test-*.js), run with jest against the worker we build from source
// (scripts/build-mediasoup-worker.sh, with its libsrtp2/liburing patch). It is the widest check
// that our patched worker behaves like upstream's: 17 suites, about 180 tests, about a minute.
//
// The suites need jest, pick-port and sctp, which the root workspace does not: they install
// from this directory's package.json and lock into .setup/mediasoup-upstream-tests (stamped).
// The package ships no DTLS test certificate, so a throwaway one is made here, in a temporary
// copy of the package's JavaScript, never inside node_modules.
//
// Arguments after `--` go to jest, e.g. `npm run test:mediasoup-upstream -- -t WebRtcServer`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const sideDir = path.join(root, '.setup', 'mediasoup-upstream-tests');
const workerBin = process.env.MEDIASOUP_WORKER_BIN || path.join(root, '.setup', 'mediasoup-worker');
const log = (message) => console.log(`[mediasoup-upstream] ${message}`);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`[mediasoup-upstream] failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

function installSideDependencies() {
  const files = ['package.json', 'package-lock.json'];
  const fingerprint = createHash('sha256')
    .update(files.map((file) => readFileSync(path.join(here, file))).join('\0'))
    .digest('hex');
  const stamp = path.join(sideDir, '.stamp');
  const jest = path.join(sideDir, 'node_modules', 'jest', 'bin', 'jest.js');
  if (existsSync(jest) && existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) return jest;
  log(`installing jest, pick-port and sctp into ${path.relative(root, sideDir)}`);
  mkdirSync(sideDir, { recursive: true });
  for (const file of files) cpSync(path.join(here, file), path.join(sideDir, file));
  // `npm install` from the lock rather than `npm ci`: npm 11 reports jest's optional
  // platform-specific resolver packages as missing from a lock it wrote itself and refuses `ci`.
  run('npm', ['install', '--no-audit', '--no-fund', '--strict-allow-scripts', '--prefix', sideDir]);
  writeFileSync(stamp, fingerprint);
  return jest;
}

/** The mediasoup package the media workspace uses (its package.json is hidden by "exports"). */
function mediasoupPackageDir() {
  const require = createRequire(path.join(root, 'media', 'package.json'));
  let dir = path.dirname(require.resolve('mediasoup'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

/** A self-signed ECDSA certificate, valid for a day, for test-Worker's dtlsCertificateFile case. */
function makeDtlsCertificate(dataDir) {
  mkdirSync(dataDir, { recursive: true });
  run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=riffroom-mediasoup-test',
      '-keyout',
      path.join(dataDir, 'dtls-key.pem'),
      '-out',
      path.join(dataDir, 'dtls-cert.pem'),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

const jest = installSideDependencies();
if (!process.env.MEDIASOUP_WORKER_BIN) run('bash', [path.join(root, 'scripts', 'build-mediasoup-worker.sh')]);

const pkgDir = mediasoupPackageDir();
const version = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'mediasoup-upstream-'));
try {
  const copy = path.join(scratch, 'mediasoup');
  // The tests require('../') and index.js reads ../../package.json: copy both, not the worker.
  cpSync(path.join(pkgDir, 'package.json'), path.join(copy, 'package.json'));
  cpSync(path.join(pkgDir, 'node'), path.join(copy, 'node'), { recursive: true });
  makeDtlsCertificate(path.join(copy, 'node', 'lib', 'test', 'data'));
  const config = {
    rootDir: path.join(copy, 'node', 'lib'),
    testMatch: ['<rootDir>/test/test-*.js'],
    testEnvironment: 'node',
    // The copy has no node_modules: its own dependencies resolve from the real package and the
    // root workspace, the test-only ones from the side install.
    modulePaths: [
      path.join(pkgDir, 'node_modules'),
      path.join(root, 'node_modules'),
      path.join(sideDir, 'node_modules'),
    ],
    testTimeout: 60_000,
  };
  const configFile = path.join(scratch, 'jest.config.json');
  writeFileSync(configFile, JSON.stringify(config));
  log(`mediasoup ${version}'s shipped Node tests against ${workerBin}`);
  const result = spawnSync(
    process.execPath,
    [jest, '--config', configFile, '--runInBand', '--ci', ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, MEDIASOUP_WORKER_BIN: workerBin } },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
