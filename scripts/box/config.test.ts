import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadBoxConfig, redactedBoxConfig } from './config.js';

/** Loads the box's configuration with `file` written as its RIFFROOM_CONFIG file. */
function withFile<T>(file: unknown, env: Record<string, string>, use: (env: Record<string, string>) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'riffroom-config-'));
  try {
    const name = path.join(dir, 'riffroom.json');
    writeFileSync(name, JSON.stringify(file));
    return use({ ...env, RIFFROOM_CONFIG: name });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the box's configuration", () => {
  it("takes the API's and the media node's settings from one file, the environment over it", () => {
    const file = { port: 9000, rtcPort: 45000, trustProxy: 1, rateLimits: { messagesPerUser: '5/1m' } };
    const config = withFile(file, { RTC_PORT: '46000' }, loadBoxConfig);
    expect(config.api).toMatchObject({ port: 9000, trustProxy: 1, rateLimits: { messagesPerUser: { burst: 5 } } });
    expect(config.media).toMatchObject({ rtcPort: 46000, trustProxy: 1 });
  });

  it('refuses a key neither knows, naming it', () => {
    expect(() => withFile({ port: 9000, rtcProt: 1 }, {}, loadBoxConfig)).toThrow(
      /rtcProt: unknown setting \(did you mean rtcPort\?\)/,
    );
  });

  it('prints no secret', () => {
    const file = {
      turnUrls: ['turn:t.example:443?transport=tcp'],
      turnSecret: 'coturn-secret',
      identity: {
        provider: 'firebase',
        projectId: 'p',
        client: { apiKey: 'AIza-firebase-key', authDomain: 'p.firebaseapp.com', projectId: 'p' },
      },
    };
    const env = {
      DATABASE_URL: 'postgres://riffroom:db-password@db:5432/riffroom',
      REDIS_URL: 'redis://:redis-pw@r:6379',
    };
    const printed = JSON.stringify(withFile(file, env, (e) => redactedBoxConfig(loadBoxConfig(e))));
    for (const secret of ['coturn-secret', 'AIza-firebase-key', 'db-password', 'redis-pw']) {
      expect(printed).not.toContain(secret);
    }
    expect(printed).toContain('postgres://riffroom:[redacted]@db:5432/riffroom');
  });
});

describe('the example config files', () => {
  it.each(['riffroom.example.json', 'riffroom.firebase.example.json'])('%s loads', (name) => {
    const file = fileURLToPath(new URL(`../../config/${name}`, import.meta.url));
    expect(() => loadBoxConfig({ RIFFROOM_CONFIG: file })).not.toThrow();
  });
});
