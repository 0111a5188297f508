import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBox } from '../support/box.js';

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
