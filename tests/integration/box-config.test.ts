import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startBox } from '../support/box.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'riffroom-box-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `config` as a RIFFROOM_CONFIG file and returns the box's environment naming it. */
function configFile(name: string, config: unknown): { RIFFROOM_CONFIG: string } {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(config));
  return { RIFFROOM_CONFIG: file };
}

/** What the real box printed when it refused to start. */
async function refusal(env: Record<string, string>): Promise<string> {
  const outcome = await startBox(env).then(
    async (box) => {
      await box.stop();
      return 'the box started';
    },
    (error: unknown) => String(error),
  );
  expect(outcome).toMatch(/box exited early/);
  return outcome;
}

describe('the box started with a RIFFROOM_CONFIG file', () => {
  it('refuses to start on a key it does not know, naming it', async () => {
    const output = await refusal(configFile('typo', { prot: 9000 }));
    expect(output).toMatch(/invalid configuration: prot: unknown setting \(did you mean port\?\)/);
  });

  it('refuses to start on a value of the wrong type, naming it, in an API or a media setting', async () => {
    const output = await refusal(configFile('types', { passwordHashing: { queue: 'many' }, workerMaxRssMb: 'lots' }));
    expect(output).toMatch(/passwordHashing\.queue: Invalid input: expected number/);
    expect(output).toMatch(/workerMaxRssMb: Invalid input: expected number/);
  });

  it('takes the front door settings from the file too, and refuses a certificate without its key', async () => {
    const fromFile = await refusal(configFile('half-tls', { tlsCert: path.join(dir, 'studio.crt') }));
    expect(fromFile).toMatch(/invalid configuration: TLS_CERT and TLS_KEY must be set together/);
    const fromEnv = await refusal({ HTTP_REDIRECT_PORT: '8081' });
    expect(fromEnv).toMatch(/invalid configuration: HTTP_REDIRECT_PORT needs TLS_CERT and TLS_KEY/);
  });

  it("takes a media setting from the file, and the environment's port over the file's", async () => {
    const clientDist = path.join(dir, 'client');
    mkdirSync(clientDist);
    writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><title>Client from the config file</title>');
    // startBox sets PORT to a free port: the box answering there shows the environment won.
    const box = await startBox(configFile('works', { port: 1, clientDist }));
    try {
      const page = await fetch(`${box.baseUrl}/dashboard`);
      expect(await page.text()).toContain('Client from the config file');
    } finally {
      await box.stop();
    }
  });
});

describe('npm run config:check', () => {
  const check = (env: Record<string, string>) =>
    spawnSync(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['scripts/config-check.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });

  it('prints the effective configuration with its secrets redacted', () => {
    const result = check({
      ...configFile('check', { rtcPort: 45000, turnUrls: ['turn:t.example:443'], turnSecret: 'coturn-secret' }),
      DATABASE_URL: 'postgres://riffroom:db-password@db:5432/riffroom',
    });
    expect(result.status).toBe(0);
    const printed = JSON.parse(result.stdout) as { api: { database: unknown }; media: { rtcPort: number } };
    expect(printed.media.rtcPort).toBe(45000);
    expect(printed.api.database).toEqual({
      client: 'pg',
      connection: 'postgres://riffroom:[redacted]@db:5432/riffroom',
    });
    expect(result.stdout).not.toMatch(/coturn-secret|db-password/);
  });

  it('exits 1 naming a bad setting', () => {
    const result = check({ ...configFile('check-bad', { rtcPort: 45000 }), RTC_PORT: 'forty' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/rtcPort: .* \(from RTC_PORT\)/);
  });
});
