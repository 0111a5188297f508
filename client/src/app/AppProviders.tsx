import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast/ToastProvider';
import { AuthProvider } from './AuthContext';
import { ServicesProvider, type Services } from './ServicesContext';

/** Every app-wide provider, in one place, so tests mount exactly what the app mounts. */
export function AppProviders({ services, children }: { services: Services; children: ReactNode }) {
  return (
    <ServicesProvider services={services}>
      <AuthProvider>
        <ToastProvider>{children}</ToastProvider>
      </AuthProvider>
    </ServicesProvider>
  );
}
