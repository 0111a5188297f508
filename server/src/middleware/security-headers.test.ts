import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('API security headers', () => {
  it.each([
    ['GET', '/healthz'],
    ['GET', '/api/auth/config'],
    ['GET', '/api/no-such-route'],
    ['POST', '/api/auth/login'],
  ])('%s %s answers nosniff, no referrer, and a policy that runs and frames nothing', async (method, route) => {
    const response = await fetch(api.baseUrl + route, { method });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});
