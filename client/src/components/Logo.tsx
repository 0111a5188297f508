import { PRODUCT_NAME } from '@riffroom/protocol';
import { Link } from 'react-router-dom';

/** The product logo: a small waveform mark and the name, linking home. */
export function Logo() {
  return (
    <Link to="/" className="logo" aria-label={`${PRODUCT_NAME} home`}>
      <svg className="logo__mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M3 12h2M7 8v8M11 4v16M15 7v10M19 10v4" />
      </svg>
      <span className="logo__name">{PRODUCT_NAME}</span>
    </Link>
  );
}
