/// <reference lib="dom" />
// Runs in the browser (page.addInitScript), so this file sees DOM types.

/**
 * Browser side: the microphone plays a steady tone at `hz`. Chromium's own fake mic only beeps, and
 * with DTX a short beep is a handful of packets, fewer than the 10 per interval mediasoup's level
 * observer needs to count a producer at all: the speaking light would depend on where the beeps fall.
 * A tone per talker tells their stems apart by frequency.
 */
export function installSteadyMicTone(hz = 440): void {
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints?: MediaStreamConstraints) => {
    if (!constraints?.audio || constraints.video) return original(constraints);
    const context = new AudioContext();
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = hz;
    gain.gain.value = 0.3;
    const destination = context.createMediaStreamDestination();
    tone.connect(gain).connect(destination);
    tone.start();
    await context.resume();
    return destination.stream;
  };
}
