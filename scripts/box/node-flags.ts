/**
 * Node flags of the single-box process. `npm start` passes the same list (package.json; a test
 * keeps the two equal), and so do the e2e tests' box and `npm run bench`, which run the same code.
 *
 * A request to the API allocates 100 to 160 kB of short-lived objects (knex, Koa, the rows and
 * their JSON). V8 starts the young generation small, shrinks it again when the process idles, and
 * grows it to 16 MB at most, so it was collected every 10 to 150 requests; each of those pauses
 * lands on a request, and at 1% or more of them they set the p99 that bench/api-messages
 * measures. A semi-space of 16 MB at least and 64 MB at most made them 4 to 10 times rarer (2 to
 * 8 per 1,000 requests), for 32 MB of memory up front and at most about 100 MB more under load.
 */
export const BOX_NODE_FLAGS = ['--min-semi-space-size=16', '--max-semi-space-size=64'] as const;
