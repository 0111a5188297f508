import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startBox, type Box } from '../support/box.js';
import { makeCertificate, type CertificateFiles } from '../support/certificates.js';
import { startCoturn, type Coturn } from '../support/coturn.js';

// `npm run doctor` against real parts: a running box with its own HTTPS, a real coturn, and then
// one broken thing at a time, each of which must be named on its own line.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let dir: string;
let coturn: Coturn;
let certificate: CertificateFiles;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'riffroom-doctor-'));
  certificate = makeCertificate(dir, ['localhost', '127.0.0.1']);
  coturn = await startCoturn();
});

afterAll(async () => {
  await coturn?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A studio's settings: the box's own HTTPS, fixed RTC port, and coturn on all three transports. */
async function goodSettings(): Promise<Record<string, string>> {
  return {
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    MEDIASOUP_WORKERS: '1',
    RTC_PORT: String(await freePort()),
    RTC_LISTEN_IP: '127.0.0.1',
    TLS_CERT: certificate.cert,
    TLS_KEY: certificate.key,
    PUBLIC_URL: 'https://localhost',
    TURN_URLS: [coturn.udpUrl, coturn.tcpUrl, coturn.turnsUrl].join(','),
    TURN_SECRET: coturn.secret,
    // The doctor checks turns: as a browser would, against trusted roots; this one is self-signed.
    NODE_EXTRA_CA_CERTS: coturn.certFile,
  };
}

function runDoctor(env: Record<string, string>): Promise<{ code: number; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(RTC_|TURN_|TLS_|PUBLIC_URL|HTTP_REDIRECT)/.test(name)),
    );
    const child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['scripts/doctor.ts'], {
      cwd: repoRoot,
      env: { ...clean, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? -1, lines: output.trim().split('\n') }));
  });
}

const line = (lines: string[], start: string) => lines.find((text) => text.startsWith(start));

describe('npm run doctor', () => {
  let box: Box | undefined;
  afterAll(async () => box?.stop());

  it('passes on a good box: the running box holds its RTC port, TLS is valid for PUBLIC_URL, TURN allocates', async () => {
    const settings = await goodSettings();
    const { PORT: _port, HOST: _host, DATA_DIR: _data, ...boxEnv } = settings;
    box = await startBox(boxEnv);
    const { code, lines } = await runDoctor({ ...settings, PORT: String(box.port), DATA_DIR: box.dataDir });
    expect(
      lines.filter((text) => text.startsWith('FAIL')),
      lines.join('\n'),
    ).toEqual([]);
    expect(code).toBe(0);
    expect(lines[0]).toContain('Checking the running box');
    expect(line(lines, `OK   RTC port ${settings.RTC_PORT}/udp`)).toContain('(the running box)');
    expect(line(lines, `OK   RTC port ${settings.RTC_PORT}/tcp`)).toContain('(the running box)');
    expect(line(lines, 'OK   TLS certificate')).toMatch(/is valid for localhost, expires \d{4}-\d\d-\d\d \(\d+ days\)/);
    for (const url of [coturn.udpUrl, coturn.tcpUrl, coturn.turnsUrl]) {
      expect(line(lines, `OK   TURN ${url}`)).toContain('a relay was allocated');
    }
    expect(line(lines, 'OK   database')).toContain('is writable');
    expect(line(lines, 'OK   free disk space')).toBeTruthy();
    expect(lines.some((text) => text.includes('kernel UDP buffers'))).toBe(true);
  });

  it('names an RTC port another program already holds, before the box starts', async () => {
    const squatter = dgram.createSocket('udp4');
    const settings = await goodSettings();
    await new Promise<void>((resolve) => squatter.bind(Number(settings.RTC_PORT), '127.0.0.1', resolve));
    try {
      const { code, lines } = await runDoctor(settings);
      expect(code).toBe(1);
      expect(line(lines, `FAIL RTC port ${settings.RTC_PORT}/udp`)).toContain('already taken by another program');
      expect(line(lines, `OK   RTC port ${settings.RTC_PORT}/tcp`)).toBeTruthy();
    } finally {
      squatter.close();
    }
  });

  it('names an expired certificate', async () => {
    const expired = makeCertificate(dir, ['localhost'], { expired: true });
    const { code, lines } = await runDoctor({
      ...(await goodSettings()),
      TLS_CERT: expired.cert,
      TLS_KEY: expired.key,
    });
    expect(code).toBe(1);
    expect(line(lines, 'FAIL TLS certificate')).toMatch(/expired on \d{4}-\d\d-\d\d.*Fix: renew it/);
  });

  it('names a TURN secret coturn does not share', async () => {
    const { code, lines } = await runDoctor({ ...(await goodSettings()), TURN_SECRET: 'not-the-secret' });
    expect(code).toBe(1);
    for (const url of [coturn.udpUrl, coturn.tcpUrl, coturn.turnsUrl]) {
      expect(line(lines, `FAIL TURN ${url}`)).toMatch(
        /refused the credential.*Fix: TURN_SECRET must equal static-auth-secret/,
      );
    }
  });

  it('warns of a private announced address behind a public PUBLIC_URL', async () => {
    const { lines } = await runDoctor({
      ...(await goodSettings()),
      RTC_ANNOUNCED_ADDRESS: '192.168.1.10',
      PUBLIC_URL: 'https://studio.example.com',
    });
    expect(line(lines, 'WARN announced address')).toMatch(
      /192\.168\.1\.10 \(RTC_ANNOUNCED_ADDRESS\) is a private or loopback address, but PUBLIC_URL https:\/\/studio\.example\.com is a public name.*Fix: set RTC_ANNOUNCED_ADDRESS/,
    );
  });
});
