import { PRODUCT_NAME } from '@riffroom/protocol';
import { Link } from 'react-router-dom';
import { Header } from '../../components/Header';

const AUDIENCES = [
  {
    title: 'Artists',
    pitch: 'Find the producer who hears your sound and the engineer who makes it hit, then build the track together.',
  },
  {
    title: 'Producers',
    pitch: 'Share your screen and your DAW’s program audio live, in full stereo, while collaborators listen in.',
  },
  {
    title: 'Engineers',
    pitch: 'Keep your calendar, take bookings from the people you work with, and run mix sessions remotely.',
  },
];

/** '/' for signed-out visitors: what the product is and who it is for. */
export function LandingPage() {
  return (
    <div className="landing-page">
      <Header>
        <Link className="btn btn--ghost" to="/login">
          Log In
        </Link>
        <Link className="btn btn--primary" to="/login?mode=signup">
          Sign Up
        </Link>
      </Header>
      <main>
        <section className="landing-hero">
          <h1>Make music together, from anywhere.</h1>
          <p>
            {PRODUCT_NAME} is where artists, producers and engineers keep a profile, follow each other, message, book
            sessions and open live collaboration rooms with studio-quality audio.
          </p>
          <div className="landing-hero__actions">
            <Link className="btn btn--primary btn--large" to="/login?mode=signup">
              Sign Up
            </Link>
            <Link className="btn btn--ghost btn--large" to="/login">
              Log In
            </Link>
          </div>
        </section>
        <section className="landing-audiences" aria-label="Who it is for">
          {AUDIENCES.map((audience) => (
            <article key={audience.title} className="landing-audience">
              <h2>{audience.title}</h2>
              <p>{audience.pitch}</p>
            </article>
          ))}
        </section>
      </main>
    </div>
  );
}
