import http from 'node:http';
import { checkRestAnswer } from '@riffroom/protocol';

export interface AddressedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export type AddressedCall = (
  method: string,
  route: string,
  options?: { body?: unknown; token?: string; headers?: Record<string, string> },
) => Promise<AddressedResponse>;

/**
 * JSON calls to a box from one source address. Linux routes all of 127/8 to loopback, so binding
 * the client socket to 127.0.0.x makes the box see another caller: per-address limits can be tested
 * without a proxy. Headers come back too (Retry-After). Every JSON answer is checked against the
 * protocol's contract (restRoutes, or the error body) first.
 */
export function callerFrom(baseUrl: string, localAddress: string): AddressedCall {
  const agent = new http.Agent({ keepAlive: true, localAddress, maxSockets: 64 });
  return (method, route, options = {}) =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      if (payload !== undefined) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const request = http.request(new URL(route, baseUrl), { method, headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const json = (response.headers['content-type'] ?? '').includes('json');
          const body: unknown = json && text ? JSON.parse(text) : text;
          try {
            if (json) checkRestAnswer(method, route, response.statusCode ?? 0, body);
          } catch (error) {
            return reject(error as Error);
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        });
      });
      request.on('error', reject);
      request.end(payload);
    });
}
