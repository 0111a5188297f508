import type http from 'node:http';
import { performance } from 'node:perf_hooks';
import { summarize, type Summary } from './stats.js';

/** Sent by the load client on the requests it times, and only on those (not on warm-up or autocannon). */
export const TIMED_REQUEST_HEADER = 'x-bench-timed';

/**
 * How long the API's own process held each timed request: from the parsed request to the response
 * handed to the kernel. Beside the load client's round trip it splits a scenario's tail into the
 * API's share and the share of the loopback, the client and the scheduling of a 2-core box.
 */
export function recordServerTimes() {
  let timed: number[] = [];
  return {
    wrap(handler: http.RequestListener): http.RequestListener {
      return (req, res) => {
        if (req.headers[TIMED_REQUEST_HEADER]) {
          const started = performance.now();
          res.once('finish', () => timed.push(performance.now() - started));
        }
        handler(req, res);
      };
    },
    /** The timed requests since the last call. */
    take(): Summary {
      const summary = summarize(timed);
      timed = [];
      return summary;
    },
  };
}
