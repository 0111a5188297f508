import { afterEach, describe, expect, it } from 'vitest';
import { withEarlyResponses } from './earlyRequests';

afterEach(() => {
  delete window.__riffroomEarly;
});

/** A fetch that answers every call with its own numbered response, and records the calls. */
function countingFetch() {
  const calls: string[] = [];
  const fetchImpl = async (input: string) => {
    calls.push(input);
    return new Response(`fetched ${calls.length}`);
  };
  return { calls, fetchImpl };
}

describe("the page's early requests (index.html)", () => {
  it('answer the first tokenless GET of their path, once; later calls fetch', async () => {
    window.__riffroomEarly = { '/api/auth/config': Promise.resolve(new Response('early')) };
    const { calls, fetchImpl } = countingFetch();
    const fetch = withEarlyResponses(fetchImpl);
    expect(await (await fetch('/api/auth/config', { headers: { Accept: 'application/json' } })).text()).toBe('early');
    expect(calls).toEqual([]);
    expect(await (await fetch('/api/auth/config')).text()).toBe('fetched 1');
    expect(await (await fetch('/api/rooms/abc')).text()).toBe('fetched 2');
  });

  it('are not used for a call with a token or another method', async () => {
    window.__riffroomEarly = { '/api/rooms/abc': Promise.resolve(new Response('early')) };
    const { calls, fetchImpl } = countingFetch();
    const fetch = withEarlyResponses(fetchImpl);
    await fetch('/api/rooms/abc', { headers: { Authorization: 'Bearer t' } });
    await fetch('/api/rooms/abc', { method: 'POST', body: '{}' });
    expect(calls).toEqual(['/api/rooms/abc', '/api/rooms/abc']);
    expect(await (await fetch('/api/rooms/abc')).text()).toBe('early');
  });

  it('that failed are made again', async () => {
    window.__riffroomEarly = { '/api/auth/config': Promise.reject(new TypeError('Failed to fetch')) };
    const { calls, fetchImpl } = countingFetch();
    const response = await withEarlyResponses(fetchImpl)('/api/auth/config');
    expect(await response.text()).toBe('fetched 1');
    expect(calls).toEqual(['/api/auth/config']);
  });
});
