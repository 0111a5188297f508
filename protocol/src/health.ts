import { z } from 'zod';

/** GET /healthz (liveness): the process serves, and which release and commit it runs. */
export const healthResponseSchema = z.object({
  ok: z.literal(true),
  version: z.string().max(64),
  commit: z.string().max(64),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /readyz (readiness): 503 names the parts that are down, or 'draining'. */
export const readinessResponseSchema = z.object({
  ok: z.boolean(),
  failing: z.array(z.string()),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
