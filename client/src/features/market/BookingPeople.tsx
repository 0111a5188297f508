import type { MarketBooking } from '@riffroom/protocol';
import { useState, type FormEvent } from 'react';
import { useServices } from '../../app/ServicesContext';
import { TextField } from '../../components/fields';
import { describeError } from '../../services/api';
import './booking-people.css';

const nameOf = (person: { name: string; username: string }) => person.name || `@${person.username}`;

/**
 * The people a provider added to a confirmed booking (an assistant, the band's other members):
 * everyone in the booking sees who they are; the provider adds someone who follows them by
 * username and removes them again, until the booking ends. The added people join its room.
 */
export function BookingPeople({
  booking,
  viewerUid,
  open,
  onChanged,
}: {
  booking: MarketBooking;
  viewerUid: string | undefined;
  /** Confirmed and not ended: people can still be added and removed. */
  open: boolean;
  onChanged: (booking: MarketBooking) => void;
}) {
  const { api } = useServices();
  const [username, setUsername] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const people = booking.participants ?? [];
  const manages = open && viewerUid === booking.provider.uid;
  if (!manages && people.length === 0) return null;

  const run = async (change: () => Promise<MarketBooking>, fallback: string) => {
    setBusy(true);
    setProblem('');
    try {
      onChanged(await change());
      return true;
    } catch (error) {
      setProblem(describeError(error).message || fallback);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = username.trim().replace(/^@/, '');
    if (!wanted) return setProblem('Enter a username.');
    if (await run(() => api.bookingRoom.addParticipant(booking.id, wanted), 'Could not add this person.')) {
      setUsername('');
    }
  };

  return (
    <div className="booking-people">
      {people.length > 0 && (
        <>
          <p className="muted">Also in this booking:</p>
          <ul className="booking-people__list">
            {people.map((person) => (
              <li key={person.uid}>
                {nameOf(person)}
                {manages && (
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    disabled={busy}
                    aria-label={`Remove ${nameOf(person)}`}
                    onClick={() =>
                      void run(
                        () => api.bookingRoom.removeParticipant(booking.id, person.uid),
                        'Could not remove this person.',
                      )
                    }
                  >
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {manages && (
        <form className="booking-people__add" onSubmit={(event) => void add(event)}>
          <TextField
            label="Add someone who follows you (username)"
            value={username}
            maxLength={31}
            autoComplete="off"
            onChange={setUsername}
          />
          <button type="submit" className="btn btn--ghost" disabled={busy}>
            Add
          </button>
        </form>
      )}
      {problem && (
        <p className="muted" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
