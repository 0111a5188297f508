/**
 * Readiness (/readyz, docs/operations.md "Health and readiness"): whether a process should be sent traffic now.
 * The API, the box and the media role each answer theirs with it. Each part is checked on every
 * probe; a part that throws or takes longer than the timeout counts as down.
 */
export interface ReadinessCheck {
  /** Named in the 503 answer: 'database', 'redis', 'workers'. */
  name: string;
  check(): Promise<void> | void;
}

export interface ReadinessReport {
  ok: boolean;
  /**
   * The parts that are down, each name once (the media role checks two Redis connections), or
   * ['draining'] while the process drains (nothing else is checked then).
   */
  failing: string[];
}

/** A probe must answer well within a load balancer's timeout, even when a dependency hangs. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

export class Readiness {
  constructor(
    private readonly checks: readonly ReadinessCheck[],
    private readonly draining: () => boolean = () => false,
    private readonly timeoutMs = READINESS_CHECK_TIMEOUT_MS,
  ) {}

  async report(): Promise<ReadinessReport> {
    if (this.draining()) return { ok: false, failing: ['draining'] };
    const results = await Promise.all(this.checks.map(async (part) => ((await this.passes(part)) ? null : part.name)));
    const failing = [...new Set(results.filter((name): name is string => name !== null))];
    return { ok: failing.length === 0, failing };
  }

  private async passes(part: ReadinessCheck): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.timeoutMs);
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
}
