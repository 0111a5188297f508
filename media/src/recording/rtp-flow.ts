import type { types } from 'mediasoup';

/**
 * Whether RTP has reached this producer: its stats list a receiving stream with packets. A producer
 * made with hand-written parameters that never sends has none, and gets no ffmpeg (issue 34 item 1).
 */
export async function rtpFlows(producer: types.Producer): Promise<boolean> {
  if (producer.closed) return false;
  try {
    const stats = await producer.getStats();
    return stats.some((stream) => stream.packetCount > 0);
  } catch {
    // Closed meanwhile.
    return false;
  }
}
