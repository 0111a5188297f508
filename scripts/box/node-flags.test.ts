import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOX_NODE_FLAGS } from './node-flags.js';

describe('the box process flags', () => {
  it('are the ones `npm start` launches the box with', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(manifest.scripts.start).toContain(`tsx ${BOX_NODE_FLAGS.join(' ')} scripts/box.ts`);
  });
});
