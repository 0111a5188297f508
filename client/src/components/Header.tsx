import type { ReactNode } from 'react';
import { Logo } from './Logo';

/** The app bar every screen shares (spec part 2: 'The header shows the product logo.'). */
export function Header({ children }: { children?: ReactNode }) {
  return (
    <header className="app-header">
      <Logo />
      {children && <div className="app-header__actions">{children}</div>}
    </header>
  );
}
