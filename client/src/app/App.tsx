import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';
import { VersionFooter } from '../components/VersionFooter';
import type { Services } from './ServicesContext';

export function App({ services }: { services: Services }) {
  return (
    <StrictMode>
      <BrowserRouter>
        <AppProviders services={services}>
          <AppRoutes />
          <VersionFooter />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>
  );
}
