import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionCaps } from './connection-caps.js';

const limits = { socketMaxPerAddress: 2, socketConnectBurst: 100, socketConnectPerMinute: 60 };

/** A request as it reaches the box through one proxy on 10.0.0.1. */
const viaProxy = (forwardedFor: string) =>
  ({
    socket: { remoteAddress: '10.0.0.1' },
    headers: { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

const ask = (caps: ConnectionCaps, request: IncomingMessage) =>
  new Promise<{ error: string | null | undefined; ok: boolean }>((resolve) =>
    caps.allowRequest(request, (error, ok) => resolve({ error, ok })),
  );

afterEach(() => vi.useRealTimers());

describe('connection caps per client address', () => {
  it('counts the address the trusted proxy saw, whatever the client wrote further left', async () => {
    const caps = new ConnectionCaps(limits, 1);
    expect(await ask(caps, viaProxy('203.0.113.5'))).toEqual({ error: null, ok: true });
    expect(await ask(caps, viaProxy('198.51.100.1, 203.0.113.5'))).toMatchObject({ ok: true });
    const third = await ask(caps, viaProxy('198.51.100.2, 203.0.113.5'));
    expect(third).toEqual({ error: 'rate/limited: too many open connections from your address', ok: false });
    expect((await ask(caps, viaProxy('203.0.113.6'))).ok).toBe(true);
  });

  it('gives a place back when the connection closes, or when the handshake never became one', async () => {
    vi.useFakeTimers();
    const caps = new ConnectionCaps(limits, 0);
    const engine = new EventEmitter();
    caps.track(engine as never);
    const request = () => ({ socket: { remoteAddress: '192.0.2.9' }, headers: {} }) as unknown as IncomingMessage;
    const [kept, abandoned] = [request(), request()];
    await ask(caps, kept);
    await ask(caps, abandoned);
    const connection = Object.assign(new EventEmitter(), { request: kept });
    engine.emit('connection', connection);
    expect(caps.openFrom('192.0.2.9')).toBe(2);
    expect((await ask(caps, request())).ok).toBe(false);

    vi.advanceTimersByTime(10_000);
    expect(caps.openFrom('192.0.2.9')).toBe(1);
    connection.emit('close');
    expect(caps.openFrom('192.0.2.9')).toBe(0);
  });

  it('refuses an address that connects faster than its bucket refills', async () => {
    const caps = new ConnectionCaps({ socketMaxPerAddress: 1000, socketConnectBurst: 3, socketConnectPerMinute: 1 }, 0);
    const request = { socket: { remoteAddress: '192.0.2.10' }, headers: {} } as unknown as IncomingMessage;
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await ask(caps, request));
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, true, false]);
    expect(answers[3]!.error).toMatch(
      /^rate\/limited: too many new connections from your address; try again in \d+ s$/,
    );
  });
});
