/**
 * The media role's /readyz (README "Health and readiness"): ready while Redis answers (the adapter's
 * and the registry's connections) and a mediasoup worker runs; not ready while it drains. Each part
 * that throws or takes longer than the timeout counts as down, as on the API.
 */
export interface NodeReadinessCheck {
  /** Named in the 503 answer: 'redis', 'workers'. */
  name: string;
  check(): Promise<void> | void;
}

/** A probe must answer well within a load balancer's timeout, even when a dependency hangs. */
const CHECK_TIMEOUT_MS = 2000;

export async function nodeReadiness(
  checks: readonly NodeReadinessCheck[],
  draining: boolean,
): Promise<{ ok: boolean; failing: string[] }> {
  if (draining) return { ok: false, failing: ['draining'] };
  const failing = (await Promise.all(checks.map(async (part) => ((await passes(part)) ? null : part.name)))).filter(
    (name): name is string => name !== null,
  );
  return { ok: failing.length === 0, failing: [...new Set(failing)] };
}

async function passes(part: NodeReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    const checked = Promise.resolve()
      .then(() => part.check())
      .then(
        () => true,
        () => false,
      );
    return await Promise.race([checked, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
