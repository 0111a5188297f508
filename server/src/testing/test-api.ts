import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkRestAnswer, type AuthResponse } from '@riffroom/protocol';
import { createApi, type Api, type ApiOptions } from '../api.js';
import { loadApiConfig } from '../config/load.js';
import { createLogger } from '../logger.js';

export type JsonCall = (
  method: string,
  route: string,
  options?: { body?: unknown; token?: string; headers?: Record<string, string> },
) => Promise<{ status: number; body: any }>;

/**
 * fetch against an API, JSON in and out; `token` becomes the bearer, a string body goes as is. Every
 * answer is checked against the protocol's contract (restRoutes, or the error body) before the test
 * sees it, so a route that drifts from its schema fails the test that called it.
 */
export function jsonCaller(baseUrl: string): JsonCall {
  return async (method, route, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const { body } = options;
    const response = await fetch(baseUrl + route, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    checkRestAnswer(method, route, response.status, parsed);
    return { status: response.status, body: parsed };
  };
}

export interface TestApi {
  baseUrl: string;
  api: Api;
  dataDir: string;
  call: JsonCall;
  close(): Promise<void>;
}

/** A real API on port 0 with its own temporary SQLite file; `options` as the host process hands them in. */
export async function startTestApi(
  overrides: Record<string, unknown> = {},
  options: ApiOptions = {},
): Promise<TestApi> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-api-'));
  const config = loadApiConfig({}, { dataDir, logLevel: 'silent', ...overrides });
  const api = await createApi(config, createLogger('silent'), options);
  const server = http.createServer(api.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    api,
    dataDir,
    call: jsonCaller(baseUrl),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** Signs up a fresh account and saves its signup profile, as the client does. */
export async function signUpUser(
  api: { call: JsonCall },
  fields: { name?: string; username?: string; email?: string; password?: string } = {},
): Promise<AuthResponse & { username: string; name: string }> {
  counter += 1;
  const suffix = `${process.pid}${counter}`;
  const username = fields.username ?? `user${suffix}`;
  const name = fields.name ?? `User ${suffix}`;
  const email = fields.email ?? `${username}@example.test`;
  const signup = await api.call('POST', '/api/auth/signup', {
    body: { email, password: fields.password ?? 'secret123', username },
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const auth = signup.body as AuthResponse;
  const saved = await api.call('POST', '/api/user/public-save-profile', {
    token: auth.idToken,
    body: { user_name: name, user_email: email, user_username: username, firebase_uid: auth.user.uid },
  });
  if (saved.status !== 200) throw new Error(`profile save failed: ${JSON.stringify(saved.body)}`);
  return { ...auth, username, name };
}
