/**
 * `npm run nodes`: the media node registry as the API sees it (docs/scaling-out.md): every live
 * node with its addresses and load, `--json` for a machine. Reads REDIS_URL and NODE_HEARTBEAT_MS
 * from the same configuration the roles read.
 */
import { pino } from 'pino';
import { connectNodeRegistry, loadMediaConfig } from '@riffroom/media';
import { ConfigError } from '@riffroom/protocol/config';

async function main(): Promise<void> {
  const config = loadMediaConfig();
  if (config.bus.kind !== 'redis') throw new ConfigError('npm run nodes needs REDIS_URL: the registry lives in Redis');
  const connection = connectNodeRegistry(
    config.bus.url,
    { heartbeatMs: config.nodeHeartbeatMs, originMaxConsumers: config.roomOriginMaxConsumers },
    pino({ level: 'silent' }),
  );
  try {
    const nodes = await connection.registry.liveNodes();
    if (process.argv.includes('--json')) {
      console.log(JSON.stringify(nodes, null, 2));
      return;
    }
    if (nodes.length === 0) {
      console.log('no live media node');
      return;
    }
    console.table(
      nodes.map((node) => ({
        id: node.id,
        publicUrl: node.publicUrl,
        internalUrl: node.internalUrl,
        workers: node.workers,
        consumers: node.consumers,
        cpu: node.cpu,
        draining: node.draining,
        'beat (s ago)': Math.max(0, (Date.now() - node.updatedAt) / 1000).toFixed(1),
      })),
    );
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
