import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './personLink.css';

/** Where another person's profile lives (issue 35): /people/{uid}. */
export const personPath = (uid: string) => `/people/${encodeURIComponent(uid)}`;

/** A name (or anything) that opens that person's profile page. */
export function PersonLink({ uid, children }: { uid: string; children: ReactNode }) {
  return (
    <Link className="person-link" to={personPath(uid)}>
      {children}
    </Link>
  );
}
