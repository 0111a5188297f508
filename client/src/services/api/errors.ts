import { errorBodySchema } from '@riffroom/protocol';

/**
 * A failed call, carrying the API's `{"error":{"code","message"}}` so screens can map codes to the
 * spec's messages. Network failures become status 0 with code `network/unreachable`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Reads an error response; a body that is not our error shape still yields a usable message. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Proxies and crashed upstreams answer with HTML or nothing; the status still tells the story.
  }
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) return new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
  return new ApiError(response.status, `http/${response.status}`, response.statusText || `HTTP ${response.status}`);
}

/** Anything thrown by a service, reduced to the `code` and `message` a screen shows or maps. */
export function describeError(error: unknown): { code: string | undefined; message: string } {
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return {
      code: typeof code === 'string' ? code : undefined,
      message: typeof message === 'string' ? message : '',
    };
  }
  return { code: undefined, message: typeof error === 'string' ? error : '' };
}
