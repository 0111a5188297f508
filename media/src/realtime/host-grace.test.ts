import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HostGrace } from './host-grace.js';

describe("the host's grace period", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ends a room once its host has been gone the whole period, once', () => {
    const expired = vi.fn();
    const grace = new HostGrace(10_000, expired);
    grace.hostGone('r1');
    vi.advanceTimersByTime(6_000);
    // Gone again (another socket of the host): the period still counts from the first time.
    grace.hostGone('r1');
    vi.advanceTimersByTime(3_999);
    expect(expired).not.toHaveBeenCalled();
    expect(grace.waiting('r1')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(expired.mock.calls).toEqual([['r1']]);
    expect(grace.waiting('r1')).toBe(false);
  });

  it('keeps a room whose host came back, and starts afresh when the host goes again', () => {
    const expired = vi.fn();
    const grace = new HostGrace(10_000, expired);
    grace.hostGone('r1');
    grace.hostGone('r2');
    vi.advanceTimersByTime(9_000);
    grace.cancel('r1');
    vi.advanceTimersByTime(1_000);
    expect(expired.mock.calls).toEqual([['r2']]);
    grace.hostGone('r1');
    vi.advanceTimersByTime(9_999);
    expect(expired.mock.calls).toEqual([['r2']]);
    grace.cancelAll();
    vi.advanceTimersByTime(10_000);
    expect(expired.mock.calls).toEqual([['r2']]);
  });
});
