import type { z } from 'zod';

/** One readable sentence naming the fields that failed, e.g. "user_role: Invalid option ...". */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join('.');
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
