import { z } from 'zod';

/**
 * How the host's screen reaches the SFU (SCREEN_LAYERS, docs/performance.md):
 * - 'simulcast': three VP8 encodings (1280x720, 640x360, 320x180), each with three temporal layers;
 * - 'svc': one VP9 stream with three spatial and three temporal layers (L3T3_KEY);
 * - 'single': one 1280x720 VP8 stream, as before layers existed.
 * The SFU gives each viewer the layers its own link carries.
 */
export const SCREEN_LAYER_MODES = ['simulcast', 'svc', 'single'] as const;
export type ScreenLayerMode = (typeof SCREEN_LAYER_MODES)[number];
export const screenLayerModeSchema = z.enum(SCREEN_LAYER_MODES);

/**
 * sfu:layers, server -> one viewer: the layers its screen consumer now forwards (mediasoup's
 * `layerschange`), 0-based, with how many there are. `spatialLayer` null: nothing is forwarded
 * (the link carries not even the lowest layer, or the host paused).
 */
export const sfuLayersSchema = z.object({
  consumerId: z.string().min(1).max(64),
  spatialLayer: z.number().int().min(0).max(15).nullable(),
  temporalLayer: z.number().int().min(0).max(15).nullable(),
  spatialLayers: z.number().int().min(1).max(16),
  temporalLayers: z.number().int().min(1).max(16),
});
export type SfuLayers = z.infer<typeof sfuLayersSchema>;

/**
 * A viewer's own cap on what the SFU sends it, in kbit/s (the `?maxKbps=` link parameter): the
 * SFU's bandwidth estimate for that viewer never goes above it, so its layers follow the cap as
 * they would follow a slow link.
 */
export const maxIncomingKbpsSchema = z.number().int().min(100).max(100_000);
