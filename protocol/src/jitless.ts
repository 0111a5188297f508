/**
 * Import first, before any schema is built, where the page runs under a Content-Security-Policy
 * without 'unsafe-eval' (the client: media/src/http/content-security-policy.ts). zod compiles a
 * fast parser with `new Function` when it can, and probes for that once per object schema as it
 * is built; under the policy the probe fails harmlessly but is reported as a violation, which
 * would hide real ones. Servers keep the compiled parsers.
 */
import { config } from 'zod';

config({ jitless: true });
