/**
 * The bandwidth a viewer's transport assumes before GoogCC has measured its link
 * (initialAvailableOutgoingBitrate; mediasoup's own default). A guess, and mediasoup's first 'bwe'
 * trace reports it as if it were an estimate: the plans leave it out (audio-reserve.ts). GoogCC's
 * first probes, sent at multiples of it, measure a link within about a second: an unshaped one
 * read 1.9 Mbit/s at 0.1 s and 3.4 Mbit/s at 6 s, a 500 kbit/s one 413 kbit/s at 0.1 s.
 */
export const INITIAL_OUTGOING_BITRATE = 600_000;

/**
 * Hands on a transport's estimates (its 'bwe' traces, bit/s) from GoogCC's first measurement on:
 * until then mediasoup reports the guess, which is no reading of the link.
 */
export function measuredEstimates(onEstimate: (bitrate: number) => void): (bitrate: number) => void {
  let measured = false;
  return (bitrate) => {
    if (!measured && bitrate === INITIAL_OUTGOING_BITRATE) return;
    measured = true;
    onEstimate(bitrate);
  };
}
