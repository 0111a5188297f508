import { describe, expect, it } from 'vitest';
import { INITIAL_OUTGOING_BITRATE, measuredEstimates } from './initial-estimate.js';

describe("a viewer transport's measured estimates", () => {
  it('leave out the initial guess until GoogCC has measured the link, then keep every reading', () => {
    const seen: number[] = [];
    const onEstimate = measuredEstimates((bitrate) => seen.push(bitrate));
    for (const bitrate of [INITIAL_OUTGOING_BITRATE, INITIAL_OUTGOING_BITRATE, 413_000, INITIAL_OUTGOING_BITRATE]) {
      onEstimate(bitrate);
    }
    // A later reading of the same figure is a measurement like any other.
    expect(seen).toEqual([413_000, INITIAL_OUTGOING_BITRATE]);
  });
});
