import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, loadApiConfig } from '@riffroom/server';
import { loadMediaConfig } from '@riffroom/media';
import { startBox } from '../../scripts/box/compose.js';

export interface InProcessBox {
  baseUrl: string;
  call(
    method: string,
    route: string,
    options?: { body?: unknown; token?: string },
  ): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** The single-box composition inside the test process, on a free port with a temporary DATA_DIR. */
export async function startInProcessBox(): Promise<InProcessBox> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-box-'));
  const box = await startBox(
    loadApiConfig({}, { dataDir, port: 0, host: '127.0.0.1', logLevel: 'silent' }),
    loadMediaConfig(process.env, { workers: 1 }),
    createLogger('silent'),
  );
  const baseUrl = `http://127.0.0.1:${box.port}`;
  return {
    baseUrl,
    async call(method, route, options = {}) {
      const response = await fetch(baseUrl + route, {
        method,
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    async close() {
      await box.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** Signs up and saves the signup profile, as the client does. */
export async function signUp(box: InProcessBox, username = `user${process.pid}x${++counter}`) {
  const email = `${username}@example.test`;
  const auth = await box.call('POST', '/api/auth/signup', { body: { email, password: 'secret123', username } });
  if (auth.status !== 201) throw new Error(JSON.stringify(auth.body));
  const profile = await box.call('POST', '/api/user/public-save-profile', {
    token: auth.body.idToken,
    body: { user_name: username, user_email: email, user_username: username, firebase_uid: auth.body.user.uid },
  });
  if (profile.status !== 200) throw new Error(JSON.stringify(profile.body));
  return { uid: auth.body.user.uid as string, idToken: auth.body.idToken as string, username };
}
