import { useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import WaveSurfer from 'wavesurfer.js';
import { formatClock, type ProjectFile, type WaveformPeaks } from '@riffroom/protocol';
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

/** A comment's place on the waveform: a line at a moment, a band over a range. */
export interface WaveformMarker {
  id: string;
  atMs: number;
  endMs: number | null;
  label: string;
  resolved: boolean;
}

/** What a page may ask of a loaded player (comments play from their moment). */
export interface PlayerControls {
  playFrom(ms: number): void;
  positionMs(): number;
}

const percentOf = (ms: number, durationMs: number) => `${Math.min(100, (ms / Math.max(1, durationMs)) * 100)}%`;

/** Comment markers over the waveform; each one is a button that plays from its moment. */
function Markers({
  markers,
  durationMs,
  onMarker,
}: {
  markers: WaveformMarker[];
  durationMs: number;
  onMarker: (marker: WaveformMarker) => void;
}) {
  return (
    <div className="waveform-markers" style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
      {markers.map((marker) => (
        <button
          key={marker.id}
          type="button"
          className={`waveform-marker${marker.resolved ? ' resolved' : ''}`}
          aria-label={`Comment at ${formatClock(marker.atMs)}: ${marker.label}`}
          title={`${formatClock(marker.atMs)} ${marker.label}`}
          onClick={() => onMarker(marker)}
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: percentOf(marker.atMs, durationMs),
            width:
              marker.endMs === null
                ? 3
                : `max(3px, calc(${percentOf(marker.endMs, durationMs)} - ${percentOf(marker.atMs, durationMs)}))`,
            padding: 0,
            border: 'none',
            borderLeft: '2px solid #f2b705',
            background: marker.endMs === null ? 'transparent' : 'rgba(242, 183, 5, 0.25)',
            opacity: marker.resolved ? 0.4 : 1,
            cursor: 'pointer',
            pointerEvents: 'auto',
          }}
        />
      ))}
    </div>
  );
}

/** Where a waveform's peaks and preview come from (a project file, a showcase track). */
export type WaveformSource = () => Promise<[WaveformPeaks, Blob]>;

/**
 * A waveform (the server's peaks, so nothing is decoded here) over its preview, loaded whole so any
 * click seeks at once, with comment markers and a Play button.
 */
export function Waveform({
  label,
  durationMs,
  load,
  markers = [],
  onMarker,
  controls,
}: {
  label: string;
  durationMs: number;
  /** Absent while the file is not ready. */
  load: WaveformSource | null;
  markers?: WaveformMarker[];
  /** Told when a marker is clicked, after the player went there. */
  onMarker?: (id: string) => void;
  /** Filled in once the player is loaded, for the comments beside it. */
  controls?: MutableRefObject<PlayerControls | null>;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [player, setPlayer] = useState<WaveSurfer | null>(null);
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const own = useRef<PlayerControls | null>(null);
  const handle = controls ?? own;

  useEffect(() => {
    if (!load || !container.current) return;
    let url: string | null = null;
    let surfer: WaveSurfer | null = null;
    let current = true;
    load().then(
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
        const loaded = surfer;
        handle.current = {
          playFrom: (ms) => {
            loaded.setTime(ms / 1000);
            void loaded.play();
          },
          positionMs: () => Math.round(loaded.getCurrentTime() * 1000),
        };
        setPlayer(surfer);
      },
      (failure: unknown) => current && setError(describeError(failure).message),
    );
    return () => {
      current = false;
      surfer?.destroy();
      if (url) URL.revokeObjectURL(url);
      handle.current = null;
      setPlayer(null);
    };
  }, [load, handle]);

  return (
    <>
      {error && <p role="alert">{error}</p>}
      <div className="waveform-wrap" style={{ position: 'relative' }}>
        <div ref={container} className="waveform" aria-label={`Waveform of ${label}`} />
        {load && markers.length > 0 && (
          <Markers
            markers={markers}
            durationMs={durationMs}
            onMarker={(marker) => {
              handle.current?.playFrom(marker.atMs);
              onMarker?.(marker.id);
            }}
          />
        )}
      </div>
      {player && (
        <button type="button" className="btn" onClick={() => void player.playPause()}>
          {playing ? 'Pause' : 'Play'}
        </button>
      )}
    </>
  );
}

/** One version's player: what it is, its state, and its waveform with comment markers. */
export function WaveformPlayer({
  projectId,
  file,
  markers,
  onMarker,
  controls,
}: {
  projectId: string;
  file: ProjectFile;
  markers?: WaveformMarker[];
  onMarker?: (id: string) => void;
  controls?: MutableRefObject<PlayerControls | null>;
}) {
  const { api } = useServices();
  const ready = file.state === 'ready';
  const load = useMemo<WaveformSource | null>(
    () =>
      ready
        ? () => Promise.all([api.projects.peaks(projectId, file.id), api.projects.preview(projectId, file.id)])
        : null,
    [api, projectId, file.id, ready],
  );
  return (
    <div className="waveform-player" data-file-id={file.id}>
      <p className="muted audio-info">{describeAudio(file)}</p>
      {file.state === 'preparing' && <p className="page-status">Preparing the preview and waveform…</p>}
      {file.state === 'failed' && <p role="alert">{file.message ?? 'The preview could not be made.'}</p>}
      <Waveform
        label={file.name}
        durationMs={file.audio.durationMs}
        load={load}
        markers={markers}
        onMarker={onMarker}
        controls={controls}
      />
    </div>
  );
}
