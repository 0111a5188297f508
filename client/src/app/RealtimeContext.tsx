import { useEffect, useRef, type ReactNode } from 'react';
import type { RealtimeEventName, RealtimeHandler } from '../services/realtime';
import { useAuth } from './AuthContext';
import { useServices } from './ServicesContext';

/** Keeps the notification socket open exactly while someone is signed in (spec part 4). */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { realtime } = useServices();
  const { state } = useAuth();
  const uid = state.status === 'signed-in' ? state.user.uid : null;

  useEffect(() => {
    if (!uid) return;
    realtime.connect(uid);
    return () => realtime.disconnect();
  }, [realtime, uid]);

  return children;
}

/**
 * Calls `handler` for every `event` the server sends while the component is mounted. The latest
 * handler is used without resubscribing, so callers need not memoise it.
 */
export function useRealtimeEvent<E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>): void {
  const { realtime } = useServices();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const forward = ((...args: unknown[]) =>
      (latest.current as (...a: unknown[]) => void)(...args)) as RealtimeHandler<E>;
    return realtime.on(event, forward);
  }, [realtime, event]);
}
