import { useEffect, useId, useState } from 'react';
import { describeAudioStats, type AudioStats } from '../../services/media/audioStats';
import { listAudioInputs, type AudioInput, type ProgramAudioSource } from '../../services/media/capture';
import type { RelayAudioStatus } from '../../services/media/relayAudioHost';
import type { ProgramAudioState } from '../../services/media/roomState';
import { PROGRAM_AUDIO_BITRATES } from '@riffroom/protocol';

const BITRATE_CHOICES_KBPS = PROGRAM_AUDIO_BITRATES.map((bps) => bps / 1000);

function sourceKey(source: ProgramAudioSource): string {
  return source.kind === 'device' ? `device:${source.deviceId}` : source.kind;
}

function sourceFromKey(key: string): ProgramAudioSource {
  if (key.startsWith('device:')) return { kind: 'device', deviceId: key.slice('device:'.length) };
  return key === 'capture' ? { kind: 'capture' } : { kind: 'none' };
}

/** The live bitrate and channel count of program audio, for host and guests alike. */
export function AudioStatsLine({ stats }: { stats: AudioStats | null }) {
  return (
    <p className="room-audio__stats" data-testid="audio-stats">
      Program audio: {stats ? describeAudioStats(stats) : 'not playing'}
    </p>
  );
}

/** The host's studio audio: where program audio comes from and at what Opus bitrate it is sent. */
export function StudioAudioControls({
  audio,
  stats,
  relayAudio = 'off',
  onChange,
}: {
  audio: ProgramAudioState;
  stats: AudioStats | null;
  /** Whether relay guests get the program audio (relayAudioHost.ts). */
  relayAudio?: RelayAudioStatus;
  onChange: (source: ProgramAudioSource, bitrate: number) => Promise<void>;
}) {
  const sourceId = useId();
  const bitrateId = useId();
  const [inputs, setInputs] = useState<AudioInput[]>([]);

  useEffect(() => {
    let current = true;
    listAudioInputs().then(
      (found) => current && setInputs(found),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);

  function change(source: ProgramAudioSource, bitrate: number) {
    onChange(source, bitrate).catch((error: unknown) => {
      console.error('Program audio change failed', error);
      window.alert('Failed to start program audio. Please try again.');
    });
  }

  return (
    <section className="room-panel room-audio" aria-labelledby="studio-audio-heading">
      <h2 id="studio-audio-heading" className="room-panel__title">
        Studio Audio
      </h2>
      <div className="field">
        <label htmlFor={sourceId}>Program audio source</label>
        <select
          id={sourceId}
          value={sourceKey(audio.source)}
          onChange={(event) => change(sourceFromKey(event.target.value), audio.bitrate)}
        >
          <option value="none">No program audio</option>
          <option value="capture">Shared screen or tab audio</option>
          {inputs.map((input) => (
            <option key={input.deviceId} value={`device:${input.deviceId}`}>
              {input.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={bitrateId}>Audio bitrate</label>
        <select
          id={bitrateId}
          value={String(audio.bitrate / 1000)}
          onChange={(event) => change(audio.source, Number(event.target.value) * 1000)}
        >
          {BITRATE_CHOICES_KBPS.map((kbps) => (
            <option key={kbps} value={String(kbps)}>
              {kbps} kbps
            </option>
          ))}
        </select>
      </div>
      <AudioStatsLine stats={stats} />
      {relayAudio === 'unsupported' && (
        <p className="muted" data-testid="relay-audio-status">
          Guests in relay mode will not hear program audio: this browser cannot encode it for the relay.
        </p>
      )}
      {relayAudio === 'error' && (
        <p className="muted" data-testid="relay-audio-status">
          Program audio for guests in relay mode stopped: the audio encoder failed.
        </p>
      )}
    </section>
  );
}
