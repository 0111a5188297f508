import { CONNECT_TIMEOUT_MS, RECONNECTION_ATTEMPTS, RoomRequestError } from './roomSocket';

/** Rejects with 'Connection timeout' when `work` takes longer than `ms`. */
export function withTimeout<T>(work: Promise<T>, ms = CONNECT_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RoomRequestError('room/connection-timeout', 'Connection timeout')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Spec part 9: each try of the dedicated tier gets 10 s and it is tried 3 times. Errors the server
 * meant (a refusal with a code) are not retried: asking again gets the same answer.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  {
    attempts = RECONNECTION_ATTEMPTS,
    timeoutMs = CONNECT_TIMEOUT_MS,
    isFinal = (_error: unknown): boolean => false,
  }: { attempts?: number; timeoutMs?: number; isFinal?: (error: unknown) => boolean } = {},
): Promise<T> {
  let lastError: unknown;
  for (let index = 0; index < attempts; index += 1) {
    try {
      return await withTimeout(attempt(), timeoutMs);
    } catch (error) {
      lastError = error;
      if (isFinal(error)) break;
    }
  }
  throw lastError;
}
