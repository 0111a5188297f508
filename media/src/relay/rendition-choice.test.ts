import { describe, expect, it } from 'vitest';
import { RENDITION_DWELL_MS, RenditionChoice } from './rendition-choice.js';

const FULL = 130_000; // a full frame in the host's band (relayQuality.ts)
const SMALL = 32_000;

/**
 * A guest whose deliveries take what its link gives: each one `ms` long, one after the other, on a
 * clock of our own. Records when what the guest wants changed.
 */
function guest() {
  const choice = new RenditionChoice(0);
  let now = 0;
  const changes: { at: number; wanted: string }[] = [];
  const deliver = (rendition: 'full' | 'small', bytes: number, ms: number, times = 1) => {
    for (let n = 0; n < times; n += 1) {
      now += ms;
      if (choice.delivered({ rendition, bytes, ms }, FULL, now)) changes.push({ at: now, wanted: choice.wanted });
    }
  };
  return {
    choice,
    changes,
    deliver,
    wait: (ms: number) => (now += ms),
    get now() {
      return now;
    },
  };
}

describe("a relay guest's rendition", () => {
  it('starts on full and keeps it where full frames arrive at 10 fps and more', () => {
    const g = guest();
    expect(g.choice.wanted).toBe('full');
    g.deliver('full', FULL, 60, 100);
    expect(g.changes).toEqual([]);
  });

  it('moves to small once three full deliveries show under 4 full frames a second, not on one slow frame', () => {
    const g = guest();
    g.deliver('full', FULL, 60, 4);
    g.deliver('full', FULL, 1000); // a pause: one slow frame among fast ones moves nothing
    g.deliver('full', FULL, 60, 4);
    expect(g.choice.wanted).toBe('full');
    // A 1 Mbit/s link: 130 kB take about a second.
    g.deliver('full', FULL, 1050, 2);
    expect(g.choice.wanted).toBe('full');
    g.deliver('full', FULL, 1050);
    expect(g.choice.wanted).toBe('small');
    expect(g.changes).toHaveLength(1);
  });

  it('counts a delivery that timed out as a very slow one', () => {
    const g = guest();
    g.deliver('full', FULL, 5000, 3);
    expect(g.choice.rendition).toBe('small');
  });

  it('moves back to full on fast small deliveries only a dwell after it moved down', () => {
    const g = guest();
    g.deliver('full', FULL, 400, 3); // 2.5 fps: small
    const movedDownAt = g.now;
    expect(g.changes).toEqual([{ at: movedDownAt, wanted: 'small' }]);
    // The congestion is over at once: small frames come in 8 ms, room for 30 full frames a second.
    g.deliver('small', SMALL, 8, 50);
    expect(g.choice.wanted).toBe('small');
    g.wait(RENDITION_DWELL_MS - (g.now - movedDownAt) - 100);
    g.deliver('small', SMALL, 8, 5);
    expect(g.choice.wanted).toBe('small');
    g.wait(100);
    g.deliver('small', SMALL, 8);
    expect(g.choice.wanted).toBe('full');
    expect(g.changes.at(-1)!.at - movedDownAt).toBeGreaterThanOrEqual(RENDITION_DWELL_MS);
  });

  it('tries full frames again for a distant guest whose small deliveries are mostly round trip, and moves up on three fast ones', () => {
    const g = guest();
    g.deliver('full', FULL, 400, 3);
    // 80 ms of round trip per delivery: small frames alone would judge the link at 3 full frames a second.
    g.deliver('small', SMALL, 80, 120); // 9.6 s
    expect(g.choice.wanted).toBe('small');
    g.deliver('small', SMALL, 80, 10);
    expect(g.choice.wanted).toBe('full'); // the probe
    expect(g.choice.rendition).toBe('small');
    // The link has room now: full frames in 120 ms, over 8 a second.
    g.deliver('full', FULL, 120, 2);
    expect(g.choice.rendition).toBe('small');
    g.deliver('full', FULL, 120);
    expect(g.choice.rendition).toBe('full');
  });

  it('ends a probe on its first slow full frame, and waits twice as long before the next', () => {
    const g = guest();
    g.deliver('full', FULL, 1000, 3);
    const movedDownAt = g.now;
    g.deliver('small', SMALL, 250, 41); // past the dwell: the probe starts
    expect(g.choice.wanted).toBe('full');
    g.deliver('full', FULL, 1000);
    expect(g.choice.wanted).toBe('small');
    const failedAt = g.now;
    g.deliver('small', SMALL, 250, 79); // 19.75 s
    expect(g.choice.wanted).toBe('small');
    g.deliver('small', SMALL, 250);
    expect(g.choice.wanted).toBe('full');
    expect(g.now - failedAt).toBe(20_000);
    expect(g.changes.map((change) => change.wanted)).toEqual(['small', 'full', 'small', 'full']);
    expect(g.changes[1]!.at - movedDownAt).toBeGreaterThanOrEqual(RENDITION_DWELL_MS);
  });

  it('judges nothing by the small frames a full guest gets while the host sends no full ones', () => {
    const g = guest();
    g.deliver('small', SMALL, 900, 10);
    expect(g.changes).toEqual([]);
  });
});
