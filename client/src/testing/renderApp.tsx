import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import type { Services } from '../app/ServicesContext';

/** Shows where the router is, so tests can assert navigation the way a user sees the address bar. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The whole app (real routes and providers) at `path`, on the given fake services. */
export function renderApp(path: string, services: Services) {
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders services={services}>
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...result, location: () => screen.getByTestId('location').textContent };
}
