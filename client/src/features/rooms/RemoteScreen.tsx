import { useEffect, useRef, useState } from 'react';
import { MediaAudio, MediaVideo } from './MediaVideo';
import { containedBox } from './videoGeometry';

/**
 * The guest's view of the host's screen (400px high, spec part 9), the waiting overlay, and a red
 * dot where the host's pointer is.
 */
export function RemoteScreen({
  video,
  audio,
  cursor,
  volume = 1,
}: {
  video: MediaStream | null;
  audio: MediaStream | null;
  cursor: { x: number; y: number } | null;
  /** Program audio's gain here, 0..1 (dimmed while someone talks back, when the host asks). */
  volume?: number;
}) {
  const element = useRef<HTMLVideoElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0, videoWidth: 0, videoHeight: 0 });

  useEffect(() => {
    const current = element.current;
    if (!current) return;
    const measure = () =>
      setSize({
        width: current.clientWidth,
        height: current.clientHeight,
        videoWidth: current.videoWidth,
        videoHeight: current.videoHeight,
      });
    measure();
    current.addEventListener('resize', measure);
    current.addEventListener('loadedmetadata', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(current);
    return () => {
      current.removeEventListener('resize', measure);
      current.removeEventListener('loadedmetadata', measure);
      observer?.disconnect();
    };
  }, [video]);

  const box = containedBox(
    { width: size.width, height: size.height },
    { width: size.videoWidth, height: size.videoHeight },
  );

  return (
    <div className="room-stage room-stage--guest">
      <MediaVideo ref={element} stream={video} muted className="room-stage__video" data-testid="remote-screen" />
      {!video && <p className="room-stage__overlay">Waiting for host to share screen...</p>}
      {video && cursor && (
        <span
          className="room-cursor"
          data-testid="host-cursor"
          style={{ left: box.left + cursor.x * box.width, top: box.top + cursor.y * box.height }}
        />
      )}
      <MediaAudio stream={audio} volume={volume} />
    </div>
  );
}
