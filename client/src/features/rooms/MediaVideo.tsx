import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type VideoHTMLAttributes } from 'react';

type MediaVideoProps = Omit<VideoHTMLAttributes<HTMLVideoElement>, 'src'> & { stream: MediaStream | null };

/** A <video> playing a MediaStream (React has no srcObject prop). */
export const MediaVideo = forwardRef<HTMLVideoElement, MediaVideoProps>(function MediaVideo({ stream, ...props }, ref) {
  const element = useRef<HTMLVideoElement>(null);
  useImperativeHandle(ref, () => element.current!, []);
  useEffect(() => {
    const video = element.current;
    if (!video || video.srcObject === stream) return;
    video.srcObject = stream;
    if (stream) video.play?.()?.catch(() => {});
  }, [stream]);
  return <video ref={element} autoPlay playsInline {...props} />;
});

/**
 * Program audio for guests. A guest who arrived by a link has not touched the page yet, and browsers
 * refuse to start sound without a gesture: then a button asks for the one click it takes.
 */
export function MediaAudio({ stream, volume = 1 }: { stream: MediaStream | null; volume?: number }) {
  const element = useRef<HTMLAudioElement>(null);
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (element.current) element.current.volume = volume;
  }, [volume]);
  useEffect(() => {
    const audio = element.current;
    if (!audio || audio.srcObject === stream) return;
    audio.srcObject = stream;
    if (stream)
      audio.play?.()?.then(
        () => setBlocked(false),
        () => setBlocked(true),
      );
  }, [stream]);
  return (
    <>
      <audio ref={element} autoPlay data-testid="program-audio" />
      {stream && blocked && (
        <button
          type="button"
          className="btn btn--accent room-stage__unmute"
          onClick={() =>
            element.current?.play().then(
              () => setBlocked(false),
              () => setBlocked(true),
            )
          }
        >
          Play program audio
        </button>
      )}
    </>
  );
}
