import { describe, expect, it } from 'vitest';
import { describeAudioStats, kbpsBetween, readAudioReport } from './audioStats';
import { MAX_AUDIO_BITRATE, programAudioCodecOptions } from './sfuTier';

function report(entries: Array<Record<string, unknown> & { id: string }>): RTCStatsReport {
  return new Map(entries.map((entry) => [entry.id, entry])) as unknown as RTCStatsReport;
}

describe('program audio stats', () => {
  it('reads bytes and stereo from a sender report (fmtp stereo=1)', () => {
    const reading = readAudioReport(
      report([
        { id: 'o', type: 'outbound-rtp', kind: 'audio', codecId: 'c', bytesSent: 64_000, timestamp: 2000 },
        { id: 'c', type: 'codec', channels: 2, sdpFmtpLine: 'minptime=10;useinbandfec=1;stereo=1;usedtx=0' },
      ]),
    );
    expect(reading).toEqual({ bytes: 64_000, timestamp: 2000, channels: 2 });
  });

  it('reads a receiver report, and calls Opus without stereo in its fmtp mono', () => {
    const reading = readAudioReport(
      report([
        { id: 'i', type: 'inbound-rtp', kind: 'audio', codecId: 'c', bytesReceived: 10, timestamp: 5 },
        { id: 'c', type: 'codec', channels: 2, sdpFmtpLine: 'minptime=10;useinbandfec=1' },
      ]),
    );
    expect(reading).toEqual({ bytes: 10, timestamp: 5, channels: 1 });
  });

  it('ignores video streams and empty reports', () => {
    expect(
      readAudioReport(report([{ id: 'v', type: 'inbound-rtp', kind: 'video', bytesReceived: 1, timestamp: 1 }])),
    ).toBeNull();
    expect(readAudioReport(report([]))).toBeNull();
  });

  it('turns two readings into kbps, and refuses a counter that went back or no elapsed time', () => {
    expect(kbpsBetween({ bytes: 0, timestamp: 0 }, { bytes: 32_000, timestamp: 1000 })).toBe(256);
    expect(kbpsBetween({ bytes: 10, timestamp: 0 }, { bytes: 5, timestamp: 1000 })).toBeNull();
    expect(kbpsBetween({ bytes: 0, timestamp: 1000 }, { bytes: 5, timestamp: 1000 })).toBeNull();
  });

  it("describes the stats as the room shows them: 'stereo' or 'mono'", () => {
    expect(describeAudioStats({ kbps: 256, channels: 2 })).toBe('256 kbps · stereo');
    expect(describeAudioStats({ kbps: 32, channels: 1 })).toBe('32 kbps · mono');
  });

  it('produces stereo Opus without DTX, capped at 510 kbps', () => {
    expect(programAudioCodecOptions(256_000)).toMatchObject({
      opusStereo: true,
      opusDtx: false,
      opusMaxAverageBitrate: 256_000,
    });
    expect(programAudioCodecOptions(900_000).opusMaxAverageBitrate).toBe(MAX_AUDIO_BITRATE);
  });
});
