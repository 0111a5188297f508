import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '@riffroom/server';
import { freePort } from '../../tests/support/box.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../tests/support/smtp-server.js';
import { checkSmtp } from './smtp-check.js';

// The doctor's SMTP line against a real SMTP server (its own process), and against a port nobody answers.
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp?.stop());

const config = (env: Record<string, string>) => loadApiConfig({ MAIL_FROM: 'studio@example.test', ...env });

describe('the doctor SMTP check', () => {
  it('says mail is off when SMTP_URL is unset', async () => {
    expect(await checkSmtp(loadApiConfig({}))).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^off/) });
  });

  it('passes against a server that answers, and warns without PUBLIC_URL', async () => {
    expect(await checkSmtp(config({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://studio.example.com' }))).toMatchObject({
      status: 'ok',
    });
    expect((await checkSmtp(config({ SMTP_URL: smtp.url }))).status).toBe('warn');
    expect(smtp.received()).toEqual([]);
  });

  it('fails, naming the server, when nothing answers', async () => {
    const url = `smtp://127.0.0.1:${await freePort()}`;
    const result = await checkSmtp(config({ SMTP_URL: url }));
    expect(result).toMatchObject({ status: 'fail', detail: expect.stringContaining('127.0.0.1') });
  });

  it('refuses SMTP_URL without MAIL_FROM at start', () => {
    expect(() => loadApiConfig({ SMTP_URL: smtp.url })).toThrow(/MAIL_FROM/);
  });
});
