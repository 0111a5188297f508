/**
 * The bandwidth a viewer's transport assumes before GoogCC has measured its link
 * (initialAvailableOutgoingBitrate): the screen's working rate. A guess, and mediasoup's first 'bwe'
 * trace reports it as if it were an estimate: the plans leave it out (audio-reserve.ts). GoogCC's
 * first probes measure a link within about a second: a 500 kbit/s one read 453 kbit/s, a 1 Mbit/s
 * one with 2% loss 1 050 kbit/s. Where the estimate starts still matters on a lossy link: GoogCC
 * neither raises nor lowers its loss-based estimate while loss stays between 2% and 10%, and with
 * mediasoup's default of 600 kbit/s the 1 Mbit/s viewer with 2% loss read lower for a whole bench
 * run (320x180, where the run before gave it 640x360).
 */
export const INITIAL_OUTGOING_BITRATE = 1_500_000;

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
