/**
 * Node flags of the single-box process. `npm start` passes the same list (package.json; a test
 * keeps the two equal), and so do the e2e tests' box and `npm run bench`, which run the same code.
 *
 * A request to the API allocates 100 to 160 kB of short-lived objects (knex, Koa, the rows and
 * their JSON). With V8's default 16 MB semi-space the young generation is collected every 100 to
 * 150 requests, and each of those pauses lands on a request: about 1% of them, right at the p99
 * that bench/api-messages measures. 64 MB makes those pauses four times rarer, for at most about
 * 100 MB more memory once the heap has grown into it.
 */
export const BOX_NODE_FLAGS = ['--max-semi-space-size=64'] as const;
