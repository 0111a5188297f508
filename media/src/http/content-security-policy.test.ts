import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { firebaseIdentitySources, inlineScriptHashes, pagePolicy } from './content-security-policy.js';

describe('the page policy', () => {
  it('hashes inline scripts only, byte for byte', () => {
    const html = '<script>a()</script><script type="module" src="/x.js"></script><SCRIPT>\n b()\n</SCRIPT>';
    const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\n b()\n')]);
  });

  it('names no host it cannot trust in connect-src', () => {
    const policy = pagePolicy('');
    expect(policy('box.example:8080')).toContain("connect-src 'self' ws://box.example:8080 wss://box.example:8080;");
    expect(policy('evil.example; script-src *')).toContain("connect-src 'self';");
    expect(policy(undefined)).toContain("connect-src 'self';");
  });

  it('loads images only from the page itself, never from another site (issue 36)', () => {
    expect(pagePolicy('')('box.example')).toContain("img-src 'self' data: blob:;");
  });

  it('lets Firebase mode reach its identity endpoints and the emulator', () => {
    const sources = firebaseIdentitySources({
      apiKey: 'k',
      authDomain: 'demo.firebaseapp.com',
      projectId: 'demo',
      authEmulatorUrl: 'http://127.0.0.1:9099',
    });
    const policy = pagePolicy('', sources)('box.example');
    expect(policy).toContain(
      'https://identitytoolkit.googleapis.com https://securetoken.googleapis.com http://127.0.0.1:9099',
    );
    expect(policy).toContain('frame-src https://demo.firebaseapp.com');
  });
});
