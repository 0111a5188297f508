import { useRef, type MouseEvent } from 'react';
import { MediaVideo } from './MediaVideo';
import { pointerInPicture } from './videoGeometry';

/** The host's own screen as shared, or the placeholder; moving the pointer over it moves guests' dot. */
export function HostPreview({
  stream,
  onPointer,
}: {
  stream: MediaStream | null;
  onPointer: (x: number, y: number) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);

  function track(event: MouseEvent<HTMLVideoElement>) {
    const element = video.current;
    if (!element) return;
    const rect = element.getBoundingClientRect();
    const point = pointerInPicture(
      { x: event.clientX - rect.left, y: event.clientY - rect.top },
      { width: rect.width, height: rect.height },
      { width: element.videoWidth, height: element.videoHeight },
    );
    if (point) onPointer(point.x, point.y);
  }

  return (
    <div className="room-stage">
      {stream ? (
        <MediaVideo
          ref={video}
          stream={stream}
          muted
          className="room-stage__video"
          data-testid="host-preview"
          onMouseMove={track}
        />
      ) : (
        <p className="room-stage__placeholder">Your screen will appear here when sharing</p>
      )}
    </div>
  );
}
