/** Spec part 3, 'Toast notification'. */
export type ToastType = 'info' | 'booking' | 'message';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  action?: ToastAction;
}

export interface ToastApi {
  /** Shows a toast for TIMING.toastDurationMs; returns its id. Reusing an id replaces that toast. */
  show(toast: Omit<Toast, 'id'> & { id?: string }): string;
  dismiss(id: string): void;
}
