import { useEffect, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import type { ProjectFile } from '@riffroom/protocol';
import { useServices } from '../../app/ServicesContext';
import { describeError } from '../../services/api';
import { formatDuration } from '../recordings/formatRecording';

/** What ffprobe and ebur128 found, as an engineer reads it. */
export function describeAudio(file: ProjectFile): string {
  const { audio } = file;
  const parts = [
    audio.codec.startsWith('pcm_') ? 'PCM' : audio.codec.toUpperCase(),
    audio.format.split(',')[0]!.toUpperCase(),
    `${(audio.sampleRate / 1000).toFixed(audio.sampleRate % 1000 === 0 ? 0 : 1)} kHz`,
    audio.bitDepth ? `${audio.bitDepth}-bit` : null,
    audio.channels === 1 ? 'mono' : audio.channels === 2 ? 'stereo' : `${audio.channels} ch`,
    formatDuration(audio.durationMs),
    file.loudnessLufs !== null ? `${file.loudnessLufs.toFixed(1)} LUFS` : null,
    file.truePeakDbtp !== null ? `${file.truePeakDbtp.toFixed(1)} dBTP` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * One version's player: its waveform (the server's peaks, so nothing is decoded here) over the
 * preview, loaded whole so any click seeks at once.
 */
export function WaveformPlayer({ projectId, file }: { projectId: string; file: ProjectFile }) {
  const { api } = useServices();
  const container = useRef<HTMLDivElement>(null);
  const [player, setPlayer] = useState<WaveSurfer | null>(null);
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (file.state !== 'ready' || !container.current) return;
    let url: string | null = null;
    let surfer: WaveSurfer | null = null;
    let current = true;
    Promise.all([api.projects.peaks(projectId, file.id), api.projects.preview(projectId, file.id)]).then(
      ([peaks, preview]) => {
        if (!current || !container.current) return;
        url = URL.createObjectURL(preview);
        surfer = WaveSurfer.create({
          container: container.current,
          height: 64,
          waveColor: '#8a8fa3',
          progressColor: '#e0533d',
          url,
          peaks: peaks.peaks,
          duration: peaks.durationMs / 1000,
        });
        surfer.on('play', () => setPlaying(true));
        surfer.on('pause', () => setPlaying(false));
        setPlayer(surfer);
      },
      (failure: unknown) => current && setError(describeError(failure).message),
    );
    return () => {
      current = false;
      surfer?.destroy();
      if (url) URL.revokeObjectURL(url);
      setPlayer(null);
    };
  }, [api, projectId, file.id, file.state]);

  return (
    <div className="waveform-player" data-file-id={file.id}>
      <p className="muted audio-info">{describeAudio(file)}</p>
      {file.state === 'preparing' && <p className="page-status">Preparing the preview and waveform…</p>}
      {file.state === 'failed' && <p role="alert">{file.message ?? 'The preview could not be made.'}</p>}
      {error && <p role="alert">{error}</p>}
      <div ref={container} className="waveform" aria-label={`Waveform of ${file.name}`} />
      {player && (
        <button type="button" className="btn" onClick={() => void player.playPause()}>
          {playing ? 'Pause' : 'Play'}
        </button>
      )}
    </div>
  );
}
