import { useEffect, useRef, useState } from 'react';
import type { ProjectFile } from '@riffroom/protocol';
import { useServices } from '../../app/ServicesContext';
import { describeError } from '../../services/api';
import { formatGain, levelMatchGains, volumeOf } from './levelMatch';

/** The silent version is nudged back in step when it drifts further than this from the one heard. */
const MAX_DRIFT_S = 0.03;

/**
 * A/B of two versions of a track (issue 36): both play together from the same position, only one
 * is heard, so switching has no gap; the louder is turned down to the quieter one's measured
 * loudness, and the applied gain is shown. X (or the button) toggles.
 */
export function AbCompare({ projectId, a, b }: { projectId: string; a: ProjectFile; b: ProjectFile }) {
  const { api } = useServices();
  const players = useRef<[HTMLAudioElement | null, HTMLAudioElement | null]>([null, null]);
  const [urls, setUrls] = useState<[string, string] | null>(null);
  const [heard, setHeard] = useState<0 | 1>(0);
  const [error, setError] = useState<string | null>(null);
  const gains = levelMatchGains(a.loudnessLufs, b.loudnessLufs);

  useEffect(() => {
    let made: string[] = [];
    let current = true;
    Promise.all([api.projects.preview(projectId, a.id), api.projects.preview(projectId, b.id)]).then(
      (blobs) => {
        made = blobs.map((blob) => URL.createObjectURL(blob));
        if (current) setUrls([made[0]!, made[1]!]);
      },
      (failure: unknown) => current && setError(describeError(failure).message),
    );
    return () => {
      current = false;
      made.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [api, projectId, a.id, b.id]);

  // Who is heard, at what level: only volumes change, so the switch is instant.
  useEffect(() => {
    const [playerA, playerB] = players.current;
    if (playerA) playerA.volume = heard === 0 ? volumeOf(gains.a) : 0;
    if (playerB) playerB.volume = heard === 1 ? volumeOf(gains.b) : 0;
  }, [heard, gains.a, gains.b, urls]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (event.key === 'x' || event.key === 'X') setHeard((side) => (side === 0 ? 1 : 0));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const playing = () => players.current[0] && !players.current[0].paused;
  const togglePlay = () => {
    const [playerA, playerB] = players.current;
    if (!playerA || !playerB) return;
    if (playing()) {
      playerA.pause();
      playerB.pause();
      return;
    }
    playerB.currentTime = playerA.currentTime;
    void playerA.play();
    void playerB.play();
  };
  const keepInStep = () => {
    const [playerA, playerB] = players.current;
    if (!playerA || !playerB) return;
    const [leader, follower] = heard === 0 ? [playerA, playerB] : [playerB, playerA];
    if (Math.abs(leader.currentTime - follower.currentTime) > MAX_DRIFT_S) follower.currentTime = leader.currentTime;
  };

  const label = (file: ProjectFile, gain: number) =>
    `v${file.version}${file.loudnessLufs !== null ? ` (${file.loudnessLufs.toFixed(1)} LUFS)` : ''}: ${formatGain(gain)}`;
  return (
    <div className="ab-compare" aria-label="A/B comparison">
      {error && <p role="alert">{error}</p>}
      {urls && (
        <>
          <audio ref={(element) => void (players.current[0] = element)} src={urls[0]} onTimeUpdate={keepInStep} />
          <audio ref={(element) => void (players.current[1] = element)} src={urls[1]} />
          <button type="button" className="btn" onClick={togglePlay}>
            Play / pause both
          </button>{' '}
          <button type="button" className="btn" onClick={() => setHeard((side) => (side === 0 ? 1 : 0))}>
            Hearing {heard === 0 ? `A (v${a.version})` : `B (v${b.version})`}: switch (X)
          </button>
          <p className="muted ab-gains">
            Level-matched: {label(a, gains.a)} · {label(b, gains.b)}
          </p>
        </>
      )}
    </div>
  );
}
