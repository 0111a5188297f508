import { describe, expect, it } from 'vitest';
import { ViewerVideoPlan } from './video-plan.js';

// Three simulcast streams of three temporal layers, as layerBitrates reads them (bit/s).
const TABLE = [
  [60_000, 90_000, 150_000],
  [200_000, 300_000, 450_000],
  [800_000, 1_400_000, 2_400_000],
];
const AUDIO = 320_000; // 256 kbit/s of program audio and its margin
const CONSUMER = {};
const S0T0 = { spatialLayer: 0, temporalLayer: 0 };
const S0T2 = { spatialLayer: 0, temporalLayer: 2 };
const S1T2 = { spatialLayer: 1, temporalLayer: 2 };
const S2T2 = { spatialLayer: 2, temporalLayer: 2 };

/** Feeds one estimate a second from `from` for `seconds`, and plans after each. */
function run(plan: ViewerVideoPlan, estimate: number, from: number, seconds: number, start = S0T2) {
  let current = start;
  for (let t = 0; t < seconds; t++) {
    const now = from + t * 1000;
    plan.estimate(estimate, now);
    current = plan.next(CONSUMER, TABLE, current, AUDIO, 1, now);
  }
  return current;
}

describe('viewer video plan', () => {
  it("gives an unconstrained viewer the top layer once its estimate sits at mediasoup's probing cap", () => {
    // mediasoup caps the estimate at 1.35 x the top stream: 3.24 Mbit/s here. With the usable share
    // and the headroom alone, the top layer would need 3.7 Mbit/s, which it can never show.
    const plan = new ViewerVideoPlan();
    expect(run(plan, 3_200_000, 0, 12)).toEqual(S2T2);
  });

  it('climbs on a link with steady random loss: loss that no climb caused does not hold the picture down', () => {
    const plan = new ViewerVideoPlan();
    // 2% random loss: the audio consumer's score sits at 8 and 9 from the start.
    plan.audio(9, 0);
    let current = S0T2;
    for (let t = 0; t < 40; t++) {
      const now = t * 1000;
      if (t % 3 === 0) plan.audio(t % 2 ? 8 : 9, now);
      plan.estimate(1_000_000, now);
      current = plan.next(CONSUMER, TABLE, current, AUDIO, 1, now);
    }
    // (1 000 000 x 0.85 - 320 000) = 530 000 fits 450 000 with 15% to spare.
    expect(current).toEqual(S1T2);
  });

  it('undoes a climb the audio blames at once, and holds for 30 s', () => {
    const plan = new ViewerVideoPlan();
    run(plan, 560_000, 0, 10);
    // The estimate grows; 20 s later it has allowed 640x360 long enough to climb there.
    const climbed = run(plan, 1_000_000, 10_000, 21);
    expect(climbed).toEqual(S1T2);
    // The link's queue overflows: the audio goes from clean to lossy within seconds of the climb.
    expect(plan.audio(7, 31_000)).toBe(true);
    plan.estimate(1_000_000, 32_000);
    expect(plan.next(CONSUMER, TABLE, climbed, AUDIO, 1, 32_000)).toEqual(S0T2);
    // The same estimates do not climb again while the hold lasts...
    expect(run(plan, 1_000_000, 33_000, 25)).toEqual(S0T2);
    // ...and do once it is over.
    expect(run(plan, 1_000_000, 62_000, 2)).toEqual(S1T2);
  });

  it('leaves loss long after a climb to the link: the picture is not stepped down for it', () => {
    const plan = new ViewerVideoPlan();
    run(plan, 560_000, 0, 10);
    const climbed = run(plan, 1_000_000, 10_000, 21);
    expect(plan.audio(7, 55_000)).toBe(false);
    expect(run(plan, 1_000_000, 55_000, 2, climbed)).toEqual(S1T2);
  });

  it('does not climb on a peak: every estimate of the last 10 s must allow it', () => {
    const plan = new ViewerVideoPlan();
    run(plan, 560_000, 0, 10);
    plan.estimate(2_000_000, 10_000);
    expect(plan.next(CONSUMER, TABLE, S0T2, AUDIO, 1, 10_000)).toEqual(S0T2);
  });

  it('steps to a larger picture only when every estimate of 20 s allows it; a faster frame rate after 10 s', () => {
    const plan = new ViewerVideoPlan();
    // 300 kbit/s leaves the video nothing beside the audio: the lowest layers.
    run(plan, 300_000, 0, 10, S0T0);
    // 700 kbit/s for 10 s: 320x180 at its full frame rate, the same picture, is climbed at once.
    expect(run(plan, 700_000, 10_000, 11, S0T0)).toEqual(S0T2);
    // A probe reads 1.2 Mbit/s for 15 s (room for 640x360 within the last 10 s): not yet...
    expect(run(plan, 1_200_000, 21_000, 15)).toEqual(S0T2);
    // ...but once it has held for 20 s, the larger picture is taken.
    expect(run(plan, 1_200_000, 36_000, 6)).toEqual(S1T2);
  });

  it('leaves a single dip of the estimate to mediasoup, and steps down when the fall lasts', () => {
    const plan = new ViewerVideoPlan();
    run(plan, 560_000, 0, 10);
    const climbed = run(plan, 1_000_000, 10_000, 21);
    expect(climbed).toEqual(S1T2);
    expect(run(plan, 300_000, 31_000, 1, climbed)).toEqual(climbed);
    expect(run(plan, 300_000, 32_000, 2, climbed)).toEqual(S0T0);
  });

  it("follows the host's layer bitrates through their running average, not each reading", () => {
    const plan = new ViewerVideoPlan();
    const steady = run(plan, 1_000_000, 0, 12);
    expect(steady).toEqual(S1T2);
    // One reading of the 640x360 stream at one and a half times its usual rate (a scroll, a keyframe) does not
    // push the viewer off it.
    const burst = TABLE.map((row, spatial) => (spatial === 1 ? row.map((bitrate) => bitrate * 1.5) : row));
    plan.estimate(1_000_000, 12_000);
    expect(plan.next(CONSUMER, burst, steady, AUDIO, 1, 12_000)).toEqual(S1T2);
  });

  it('does not climb to a picture the host has just begun to send, until its bitrate has settled', () => {
    const plan = new ViewerVideoPlan();
    // The share has just started: no 1280x720 stream yet.
    const before = [TABLE[0]!, TABLE[1]!, [0]];
    // Its first seconds, as measured: far below what it settles at.
    const ramping = [TABLE[0]!, TABLE[1]!, [194_000, 233_000, 365_000]];
    let current = S1T2;
    for (let t = 0; t < 6; t++) {
      plan.estimate(1_050_000, t * 1000);
      current = plan.next(CONSUMER, before, current, AUDIO, 1, t * 1000);
    }
    expect(current).toEqual(S1T2);
    // A 1 Mbit/s link: on the ramping figures even its estimate looks like mediasoup's probing cap.
    for (let t = 6; t < 11; t++) {
      plan.estimate(1_550_000, t * 1000);
      current = plan.next(CONSUMER, ramping, current, AUDIO, 1, t * 1000);
      expect(current).toEqual(S1T2);
    }
    // Settled, the stream costs what it does, which that link's estimate does not allow.
    plan.estimate(1_000_000, 11_000);
    expect(plan.next(CONSUMER, TABLE, current, AUDIO, 1, 11_000)).toEqual(S1T2);
  });

  it('offers a picture that was already sent when the viewer came at once', () => {
    const plan = new ViewerVideoPlan();
    expect(run(plan, 3_200_000, 0, 1)).toEqual(S2T2);
  });

  it('takes a picture the host sends again at what it cost before: a fast link has it back at once', () => {
    const plan = new ViewerVideoPlan();
    expect(run(plan, 3_200_000, 0, 3)).toEqual(S2T2);
    // The host's Chromium turns its 1280x720 encoding off (its CPU or its uplink), then on again.
    const without = [TABLE[0]!, TABLE[1]!, [0]];
    const ramping = [TABLE[0]!, TABLE[1]!, [194_000, 233_000, 365_000]];
    plan.estimate(3_200_000, 3000);
    const down = plan.next(CONSUMER, without, S2T2, AUDIO, 1, 3000);
    expect(down).toEqual(S1T2);
    plan.estimate(3_200_000, 4000);
    expect(plan.next(CONSUMER, ramping, down, AUDIO, 1, 4000)).toEqual(S2T2);
  });

  it('does not climb a 1 Mbit/s link to a picture sent again on its ramping readings', () => {
    const plan = new ViewerVideoPlan();
    let current = run(plan, 1_000_000, 0, 12);
    expect(current).toEqual(S1T2);
    // Off for 3 s, then back, ramping up over 5 s as a new encoding does.
    const off = [[0], [0], [0]];
    const ramp = [
      [194_000, 233_000, 365_000],
      [300_000, 400_000, 600_000],
      [450_000, 600_000, 850_000],
      [600_000, 800_000, 1_000_000],
      [700_000, 900_000, 1_100_000],
    ];
    [...off, ...ramp, ...Array.from({ length: 5 }, () => TABLE[2]!)].forEach((row, i) => {
      const now = (12 + i) * 1000;
      plan.estimate(1_000_000, now);
      current = plan.next(CONSUMER, [TABLE[0]!, TABLE[1]!, row], current, AUDIO, 1, now);
      expect(current).toEqual(S1T2);
    });
  });
});
