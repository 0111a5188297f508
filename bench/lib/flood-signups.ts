/**
 * Flood vector: sign-ups from one address (issue 14, item 7). Each new account costs the box a
 * memory-hard password hash (32 MiB scrypt), so they are the API's most expensive open request.
 * Sent at `perSecond` with at most `maxInFlight` unanswered (a slow box is not buried under an
 * ever-growing queue: the flood measures the box's limits, not the flooder's patience).
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { count, newTally, type FloodTarget, type FloodVector } from './flood-tally.js';

export interface SignupPlan {
  perSecond: number;
  maxInFlight: number;
}

const ANSWER_TIMEOUT_MS = 15_000;

export function floodSignups(target: FloodTarget, plan: SignupPlan): FloodVector {
  const requests = newTally();
  const notes = { skippedInFlight: 0 };
  const pending = new Set<http.ClientRequest>();
  const url = new URL('/api/auth/signup', target.baseUrl);

  const signUp = () => {
    const username = `flood${randomBytes(6).toString('hex')}`;
    const body = JSON.stringify({ email: `${username}@example.test`, password: 'secret123', username });
    requests.sent += 1;
    let settled = false;
    const settle = (outcome: 'accepted' | 'refused' | 'other', name: string) => {
      if (settled) return;
      settled = true;
      pending.delete(request);
      count(requests, outcome, name);
    };
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        localAddress: target.localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: ANSWER_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        settle(status === 201 ? 'accepted' : status === 429 ? 'refused' : 'other', `HTTP ${status}`);
      },
    );
    request.on('timeout', () => {
      settle('other', 'no answer');
      request.destroy();
    });
    request.on('error', () => settle('refused', 'connect error'));
    pending.add(request);
    request.end(body);
  };

  const interval = setInterval(() => {
    if (pending.size >= plan.maxInFlight) notes.skippedInFlight += 1;
    else signUp();
  }, 1000 / plan.perSecond);

  return {
    report: () => ({ requests: structuredClone(requests), notes: { ...notes } }),
    stop() {
      clearInterval(interval);
      for (const request of pending) request.destroy();
    },
  };
}
