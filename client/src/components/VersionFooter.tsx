import { healthResponseSchema, PRODUCT_NAME, type HealthResponse } from '@riffroom/protocol';
import { useEffect, useState } from 'react';

/**
 * The release and commit the server runs (GET /healthz), small at the foot of every screen, so a
 * studio can tell which build it is on when it reports a problem. Nothing shows until it answers.
 */
export function VersionFooter() {
  const [build, setBuild] = useState<HealthResponse | null>(null);
  useEffect(() => {
    let current = true;
    fetch('/healthz')
      .then((response) => response.json())
      .then((body: unknown) => {
        const parsed = healthResponseSchema.safeParse(body);
        if (current && parsed.success) setBuild(parsed.data);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, []);
  if (!build) return null;
  return (
    <footer className="app-footer" data-testid="version-footer">
      {PRODUCT_NAME} {build.version} ({build.commit === 'unknown' ? 'unknown commit' : build.commit.slice(0, 7)})
    </footer>
  );
}
