/**
 * The demo command's work on one configured database: starts the real API in this process on a
 * loopback port (its own migrations, identity and rules), seeds or removes the demo, and closes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi, createLogger, type ApiConfig } from '@riffroom/server';
import { demoRowsExist } from './demo-rows.js';
import { removeDemo, type RemovedDemo } from './remove-demo.js';
import { apiCaller, demoPassword, seedDemo, type SeededDemo } from './seed-demo.js';

export class DemoRefusal extends Error {}

async function withApi<T>(
  config: ApiConfig,
  use: (api: Awaited<ReturnType<typeof createApi>>, baseUrl: string) => Promise<T>,
) {
  // No email from the demo: its made-up people have no inboxes, so no mail job is ever written.
  const withoutEmail: ApiConfig = { ...config, notifications: { ...config.notifications, smtpUrl: undefined } };
  const api = await createApi(withoutEmail, createLogger('silent'));
  const server = http.createServer(api.callback);
  try {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return await use(api, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await api.close();
  }
}

export async function addDemo(config: ApiConfig): Promise<SeededDemo> {
  if (config.identity.provider !== 'local') {
    throw new DemoRefusal('The demo makes local accounts; this box signs people in with Firebase.');
  }
  return withApi(config, async (api, baseUrl) => {
    if (await demoRowsExist(api.db)) {
      throw new DemoRefusal('The demo data is already here. Remove it first with: npm run demo -- --remove');
    }
    return seedDemo(api.db, apiCaller(baseUrl), demoPassword());
  });
}

export async function removeDemoData(config: ApiConfig): Promise<RemovedDemo> {
  return withApi(config, (api) => removeDemo(api.db));
}
