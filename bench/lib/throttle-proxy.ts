import net from 'node:net';

export interface ThrottleProxy {
  port: number;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 whose server-to-client direction carries at most `kbps`, like a guest
 * on a slow link. It reads from the server only as fast as it may write on, so the backlog builds
 * where it would on a real slow link: in the kernel's socket buffers and the server's write queue.
 */
export async function startThrottleProxy(targetPort: number, kbps: number): Promise<ThrottleProxy> {
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  const pairs = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    pairs.add(client).add(upstream);
    client.pipe(upstream);
    let freeAt = Date.now();
    upstream.on('data', (chunk: Buffer) => {
      client.write(chunk);
      freeAt = Math.max(freeAt, Date.now()) + chunk.length / bytesPerMs;
      const wait = freeAt - Date.now();
      if (wait > 0) {
        upstream.pause();
        setTimeout(() => upstream.resume(), wait);
      }
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(client);
      pairs.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of pairs) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
