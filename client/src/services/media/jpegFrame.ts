/** A decoded relay frame, ready to draw on the relay canvas. */
export interface DecodedFrame {
  image: CanvasImageSource;
  width: number;
  height: number;
  close(): void;
}

/**
 * Decodes one relay JPEG. createImageBitmap where the browser has it; Safari before 15 (spec part 9
 * names Safari 605, that is 11.1) has not, so there an <img> decodes it from a blob: URL, which the
 * page's Content-Security-Policy allows for images (img-src blob:).
 */
export async function decodeJpeg(bytes: BlobPart, scope: typeof globalThis = globalThis): Promise<DecodedFrame> {
  const blob = new Blob([bytes], { type: 'image/jpeg' });
  if (typeof scope.createImageBitmap === 'function') {
    const bitmap = await scope.createImageBitmap(blob);
    return { image: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(blob);
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('undecodable relay frame'));
      image.src = url;
    });
    return { image, width: image.naturalWidth, height: image.naturalHeight, close: () => {} };
  } finally {
    // Loaded: the image keeps its pixels without the URL.
    URL.revokeObjectURL(url);
  }
}
