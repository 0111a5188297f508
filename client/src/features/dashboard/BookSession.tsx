/** Spec parts 1 and 2: booking is announced, not built. These are the four planned capabilities. */
const PLANNED = [
  'Search for engineers, studios or producers',
  'See their availability on a calendar',
  'Request a session time and get confirmation by notification',
  'Rate and review after the session',
];

export function BookSession() {
  return (
    <section className="section" aria-labelledby="book-session-heading">
      <h1 id="book-session-heading" className="section__title">
        Book a Session
      </h1>
      <div className="placeholder-card">
        <p className="coming-soon">Coming soon</p>
        <p>Booking studio time is on its way. You will be able to:</p>
        <ul className="feature-list">
          {PLANNED.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
