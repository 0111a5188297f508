import { z } from 'zod';
import { fileIdSchema } from './projects.js';
import { uidSchema } from './user.js';

/**
 * Showcase tracks (issue 36 item 7): up to SHOWCASE_MAX of a person's own uploaded versions, shown
 * and played on their profile. Only a showcased file is public; every other file stays private
 * to its project.
 */
export const SHOWCASE_MAX = 5;

export const setShowcaseBodySchema = z.object({
  fileIds: z
    .array(fileIdSchema)
    .max(SHOWCASE_MAX, `A profile shows at most ${SHOWCASE_MAX} tracks.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each track once.'),
});

export const showcaseParamsSchema = z.object({ uid: uidSchema });
export const showcaseFileParamsSchema = z.object({ uid: uidSchema, fileId: fileIdSchema });

export const showcaseTrackSchema = z.object({
  fileId: fileIdSchema,
  name: z.string(),
  durationMs: z.number().int().min(0),
  loudnessLufs: z.number().nullable(),
});
export type ShowcaseTrack = z.infer<typeof showcaseTrackSchema>;
export const showcaseResponseSchema = z.object({ tracks: z.array(showcaseTrackSchema) });
