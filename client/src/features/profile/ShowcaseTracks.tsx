import { useEffect, useMemo, useState } from 'react';
import type { ShowcaseTrack } from '@riffroom/protocol';
import { useServices } from '../../app/ServicesContext';
import { describeError } from '../../services/api';
import { Waveform } from '../projects/WaveformPlayer';
import { formatDuration } from '../recordings/formatRecording';

function ShowcasePlayer({ uid, track, level }: { uid: string; track: ShowcaseTrack; level: HeadingLevel }) {
  const Heading = level === 2 ? 'h3' : 'h4';
  const { api } = useServices();
  const load = useMemo(
    () => () =>
      Promise.all([api.projects.showcasePeaks(uid, track.fileId), api.projects.showcasePreview(uid, track.fileId)]),
    [api, uid, track.fileId],
  );
  return (
    <li className="showcase-track">
      <Heading>
        {track.name} <span className="muted">{formatDuration(track.durationMs)}</span>
      </Heading>
      <Waveform label={track.name} durationMs={track.durationMs} load={load} />
    </li>
  );
}

/** The level of the section's heading: 3 under My Profile's h2, 2 under a person page's h1. */
type HeadingLevel = 2 | 3;

/** A profile's showcase tracks (issue 36 item 7), played with the projects' waveform player. */
export function ShowcaseTracks({ uid, headingLevel = 3 }: { uid: string; headingLevel?: HeadingLevel }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { api } = useServices();
  const [tracks, setTracks] = useState<ShowcaseTrack[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    api.projects.showcase(uid).then(
      (found) => current && setTracks(found),
      (failure: unknown) => current && setError(describeError(failure).message),
    );
    return () => {
      current = false;
    };
  }, [api, uid]);
  if (error) return <p role="alert">{error}</p>;
  if (tracks.length === 0) return null;
  return (
    <section className="profile-showcase" aria-label="Showcase">
      <Heading>Showcase</Heading>
      <ul>
        {tracks.map((track) => (
          <ShowcasePlayer key={track.fileId} uid={uid} track={track} level={headingLevel} />
        ))}
      </ul>
    </section>
  );
}
