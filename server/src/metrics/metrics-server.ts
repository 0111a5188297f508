import { collectDefaultMetrics, Registry } from 'prom-client';

export { startMetricsServer, type MetricsServer } from '@riffroom/protocol/metrics-endpoint';

/** One registry per process, with Node's process metrics (CPU, memory, event loop lag, handles). */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}
