/** One line of `npm run doctor`: what was checked, how it went, and what to do about it. */
export interface CheckResult {
  status: 'ok' | 'warn' | 'fail';
  /** The check's name, e.g. 'RTC port 40000/udp'. */
  name: string;
  /** What was found. */
  detail: string;
  /** What to do, for warn and fail. */
  fix?: string;
}

export const ok = (name: string, detail: string): CheckResult => ({ status: 'ok', name, detail });
export const warn = (name: string, detail: string, fix: string): CheckResult => ({ status: 'warn', name, detail, fix });
export const fail = (name: string, detail: string, fix: string): CheckResult => ({ status: 'fail', name, detail, fix });

const LABELS = { ok: 'OK  ', warn: 'WARN', fail: 'FAIL' } as const;

export function formatResult(result: CheckResult): string {
  const fix = result.fix ? ` Fix: ${result.fix}` : '';
  return `${LABELS[result.status]} ${result.name}: ${result.detail}${fix}`;
}
