import { refuse, TALKBACK_MIME_TYPE } from '@riffroom/protocol';
import type { types } from 'mediasoup';

/**
 * What one talker may send (issue 34 item 6). A voice needs far less: the client's speech Opus is
 * mono at libwebrtc's default (about 32 kbit/s). Every listener receives its own copy of each
 * talker, so a talker's rate is multiplied by the room: the cap keeps that product a voice's.
 */
export const DEFAULT_TALKBACK_MAX_KBPS = 128;

/**
 * The cap is told to the sender (the send transport's maxIncomingBitrate, in its congestion
 * feedback) and checked on what arrives: a mic measured above this many times the cap (room for
 * RTP headers and Opus's own swings over a 1 s window) on consecutive checks is closed.
 */
const MEASURED_TOLERANCE = 1.5;
const CHECK_EVERY_MS = 1000;
const CHECKS_OVER_BEFORE_CLOSE = 2;

/**
 * A mic as declared: Opus only (the protocol refuses anything else at the edge; this holds for any
 * caller), at no more than the cap.
 */
export function assertTalkbackRtp(rtpParameters: types.RtpParameters, maxKbps: number): void {
  if (!rtpParameters.codecs.every((codec) => codec.mimeType.toLowerCase() === TALKBACK_MIME_TYPE)) {
    throw refuse('validation/invalid-payload', 'Talkback carries an Opus microphone only.');
  }
  const declared = [
    ...rtpParameters.codecs.map((codec) => Number(codec.parameters?.maxaveragebitrate ?? 0)),
    ...(rtpParameters.encodings ?? []).map((encoding) => encoding.maxBitrate ?? 0),
  ];
  if (declared.some((bps) => bps > maxKbps * 1000)) {
    throw refuse('talkback/too-fast', `A talkback microphone sends at most ${maxKbps} kbit/s.`);
  }
}

/** The mic's measured rate now (bit/s), from mediasoup's 1 s window of what it received. */
async function measuredBps(producer: types.Producer): Promise<number> {
  const stats = await producer.getStats();
  return stats.reduce((sum, entry) => sum + (entry.bitrate ?? 0), 0);
}

/**
 * Closes the mic if it keeps sending above the cap: a sender that ignores the transport's feedback
 * (a hostile client) is not multiplied by every listener for long. Stops with the producer.
 */
export function guardTalkbackBitrate(
  producer: types.Producer,
  maxKbps: number,
  onClosed: (measuredBps: number) => void,
): void {
  let over = 0;
  const timer = setInterval(() => {
    void measuredBps(producer)
      .then((bps) => {
        over = bps > maxKbps * 1000 * MEASURED_TOLERANCE ? over + 1 : 0;
        if (over < CHECKS_OVER_BEFORE_CLOSE || producer.closed) return;
        producer.close();
        onClosed(bps);
      })
      .catch(() => {
        // Closed meanwhile (its talker left, the worker died): nothing left to check.
      });
  }, CHECK_EVERY_MS);
  timer.unref?.();
  producer.observer.once('close', () => clearInterval(timer));
}
