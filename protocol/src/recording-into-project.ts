import { z } from 'zod';
import { projectFileSchema, trackIdSchema } from './projects.js';
import { recordingIdSchema, trackFileSchema } from './recordings.js';

/**
 * POST /api/projects/{projectId}/from-recording (issue 36): one track of a room's recording that
 * the caller may download becomes the next version of `trackId`, or a new track.
 */
export const recordingIntoProjectBodySchema = z.object({
  recordingId: recordingIdSchema,
  file: trackFileSchema,
  trackId: trackIdSchema.optional(),
});
export type RecordingIntoProjectBody = z.infer<typeof recordingIntoProjectBodySchema>;
export const projectFileResponseSchema = z.object({ file: projectFileSchema });
