import type { HostGraceInfo } from '@riffroom/protocol';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HostGrace, type GraceDirectory } from './host-grace.js';

/** The directory as the API keeps graces: one per room, a newer one only once the last stopped. */
function fakeDirectory(now: () => number) {
  const graces = new Map<string, { graceId: string; endsAt: number }>();
  let next = 0;
  const ended: string[] = [];
  const info = (roomId: string): HostGraceInfo => {
    const grace = graces.get(roomId)!;
    return { roomId, graceId: grace.graceId, remainingMs: Math.max(0, grace.endsAt - now()) };
  };
  const directory: GraceDirectory = {
    hostGone: async (roomId, graceMs) => {
      if (!graces.has(roomId)) graces.set(roomId, { graceId: `g${(next += 1)}`, endsAt: now() + graceMs });
      return info(roomId);
    },
    hostBack: async (roomId) => {
      graces.delete(roomId);
    },
    hostGraces: async () => [...graces.keys()].map(info),
    expire: async (roomId, graceId) => {
      if (graces.get(roomId)?.graceId !== graceId) return;
      graces.delete(roomId);
      ended.push(roomId);
    },
  };
  return { directory, ended, graces };
}

const silent = pino({ level: 'silent' });

describe("the host's grace period", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ends a room once its host has been gone the whole period, once', async () => {
    const { directory, ended } = fakeDirectory(Date.now);
    const expiring = vi.fn();
    const grace = new HostGrace(10_000, directory, expiring, silent);
    await grace.hostGone('r1');
    await vi.advanceTimersByTimeAsync(6_000);
    // Gone again (another socket of the host): the period still counts from the first time.
    await grace.hostGone('r1');
    await vi.advanceTimersByTimeAsync(3_999);
    expect(expiring).not.toHaveBeenCalled();
    expect(grace.waiting('r1')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(expiring.mock.calls).toEqual([['r1']]);
    expect(ended).toEqual(['r1']);
    expect(grace.waiting('r1')).toBe(false);
  });

  it('keeps a room whose host came back, and starts afresh when the host goes again', async () => {
    const { directory, ended } = fakeDirectory(Date.now);
    const grace = new HostGrace(10_000, directory, () => {}, silent);
    await grace.hostGone('r1');
    await grace.hostGone('r2');
    await vi.advanceTimersByTimeAsync(9_000);
    await grace.hostBack('r1');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ended).toEqual(['r2']);
    await grace.hostGone('r1');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(ended).toEqual(['r2']);
    grace.cancelAll();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ended).toEqual(['r2']);
  });

  it('a host back before the directory answered its leave starts no timer', async () => {
    const { directory, graces } = fakeDirectory(Date.now);
    const grace = new HostGrace(10_000, directory, () => {}, silent);
    const leaving = grace.hostGone('r1');
    const back = grace.hostBack('r1');
    await Promise.all([leaving, back]);
    expect(grace.waiting('r1')).toBe(false);
    expect(graces.size).toBe(0);
  });

  it('a node that starts resumes the graces the directory holds: due ones end at once, others when due', async () => {
    const { directory, ended } = fakeDirectory(Date.now);
    const before = new HostGrace(10_000, directory, () => {}, silent);
    await before.hostGone('due');
    await vi.advanceTimersByTimeAsync(5_000);
    await before.hostGone('later');
    // The node stops: its timers go, the directory keeps the graces.
    before.cancelAll();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(ended).toEqual([]);

    const after = new HostGrace(10_000, directory, () => {}, silent);
    expect(await after.resume()).toBe(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(ended).toEqual(['due']);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(ended).toEqual(['due']);
    await vi.advanceTimersByTimeAsync(1);
    expect(ended).toEqual(['due', 'later']);
  });
});
