import { useCallback, useEffect, useRef, useState } from 'react';

export interface AlertingAction {
  /** True while an action runs: forms and buttons disable themselves so nothing is sent twice. */
  busy: boolean;
  /**
   * Runs `action`. A failure is logged and alerted with `failureMessage` (spec part 8's wording),
   * leaving the form as it was so the user can try again. Resolves whether the action succeeded.
   */
  attempt(failureMessage: string, action: () => Promise<unknown>): Promise<boolean>;
}

/** The busy flag and failure alert every calendar form and button shares. */
export function useAlertingAction(): AlertingAction {
  const [busy, setBusy] = useState(false);
  // A successful action usually closes its modal: no state update may land after that.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const attempt = useCallback(async (failureMessage: string, action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (error) {
      console.error(failureMessage, error);
      window.alert(failureMessage);
      return false;
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, []);

  return { busy, attempt };
}
