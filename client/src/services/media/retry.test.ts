import { afterEach, describe, expect, it, vi } from 'vitest';
import { withRetries } from './retry';
import { RoomRequestError } from './roomSocket';

afterEach(() => {
  vi.useRealTimers();
});

describe('connection attempts (spec part 9: 10 s each, 3 attempts)', () => {
  it("gives each attempt 10 s and fails with 'Connection timeout' after 3", async () => {
    vi.useFakeTimers();
    const attempt = vi.fn(() => new Promise<never>(() => {}));
    const result = withRetries(attempt).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(await result).toMatchObject({ message: 'Connection timeout' });
  });

  it('returns the first success', async () => {
    const attempt = vi.fn().mockRejectedValueOnce(new Error('ice failed')).mockResolvedValueOnce('up');
    await expect(withRetries(attempt)).resolves.toBe('up');
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('does not retry what the server refused on purpose', async () => {
    const attempt = vi.fn().mockRejectedValue(new RoomRequestError('room/full', 'This room is full.'));
    await expect(withRetries(attempt, { isFinal: (error) => error instanceof RoomRequestError })).rejects.toMatchObject(
      { code: 'room/full' },
    );
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
