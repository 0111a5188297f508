import { forwardRef, useEffect, useImperativeHandle, useRef, type VideoHTMLAttributes } from 'react';

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

/** Program audio for guests: played, never shown. */
export function MediaAudio({ stream }: { stream: MediaStream | null }) {
  const element = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const audio = element.current;
    if (!audio || audio.srcObject === stream) return;
    audio.srcObject = stream;
    if (stream) audio.play?.()?.catch(() => {});
  }, [stream]);
  return <audio ref={element} autoPlay data-testid="program-audio" />;
}
