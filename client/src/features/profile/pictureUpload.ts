import { Upload } from 'tus-js-client';
import { PROFILE_PICTURE_PURPOSE, UPLOADS_PATH } from '@riffroom/protocol';

/** The error body the API sends (`{"error":{"code","message"}}`), or tus's own message. */
function messageOf(error: Error & { originalResponse?: { getBody(): string } | null }): string {
  try {
    const parsed = JSON.parse(error.originalResponse?.getBody() ?? '') as { error?: { message?: string } };
    if (parsed.error?.message) return parsed.error.message;
  } catch {
    // Not our JSON: tus's message says what went wrong.
  }
  return error.message;
}

/**
 * Uploads a profile picture through the same tus endpoint as project files; resolves with the
 * address of the picture the API made from it (a re-encoded square JPEG).
 */
export function uploadPicture(file: File, token: () => Promise<string | null>): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: UPLOADS_PATH,
      retryDelays: [0, 1000, 3000],
      removeFingerprintOnSuccess: true,
      metadata: { purpose: PROFILE_PICTURE_PURPOSE, filename: file.name.slice(0, 200) || 'picture' },
      onBeforeRequest: async (req) => {
        const value = await token();
        if (value) req.setHeader('Authorization', `Bearer ${value}`);
      },
      onSuccess: ({ lastResponse }) => {
        try {
          resolve((JSON.parse(lastResponse.getBody()) as { profileImageUrl: string }).profileImageUrl);
        } catch {
          reject(new Error('The picture was uploaded, but the answer was not understood.'));
        }
      },
      onError: (error) =>
        reject(new Error(messageOf(error as Error & { originalResponse?: { getBody(): string } | null }))),
    });
    upload.start();
  });
}
