import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast/ToastProvider';
import { AuthProvider } from './AuthContext';
import { RealtimeProvider } from './RealtimeContext';
import { ServicesProvider, type Services } from './ServicesContext';

/** Every app-wide provider, in one place, so tests mount exactly what the app mounts. */
export function AppProviders({ services, children }: { services: Services; children: ReactNode }) {
  return (
    <ServicesProvider services={services}>
      <AuthProvider>
        <RealtimeProvider>
          <ToastProvider>{children}</ToastProvider>
        </RealtimeProvider>
      </AuthProvider>
    </ServicesProvider>
  );
}
