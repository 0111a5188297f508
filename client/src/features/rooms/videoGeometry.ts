/** Where the picture sits inside a `object-fit: contain` video element, in element pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export function containedBox(
  element: { width: number; height: number },
  video: { width: number; height: number },
): Box {
  if (!video.width || !video.height || !element.width || !element.height) {
    return { left: 0, top: 0, width: element.width, height: element.height };
  }
  const scale = Math.min(element.width / video.width, element.height / video.height);
  const width = video.width * scale;
  const height = video.height * scale;
  return { left: (element.width - width) / 2, top: (element.height - height) / 2, width, height };
}

/**
 * The pointer in picture coordinates (0..1 each way), so a guest whose video is a different size
 * or shape still puts the dot on the same spot of the screen. Null outside the picture.
 */
export function pointerInPicture(
  point: { x: number; y: number },
  element: { width: number; height: number },
  video: { width: number; height: number },
): { x: number; y: number } | null {
  const box = containedBox(element, video);
  const x = (point.x - box.left) / box.width;
  const y = (point.y - box.top) / box.height;
  if (!(x >= 0 && x <= 1 && y >= 0 && y <= 1)) return null;
  return { x, y };
}
