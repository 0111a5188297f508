import { createContext, useContext } from 'react';
import type { ToastApi } from './types';

export const ToastContext = createContext<ToastApi | null>(null);

/** Fires transient notifications (bottom right, 6 s) from anywhere under <ToastProvider>. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it');
  return api;
}
