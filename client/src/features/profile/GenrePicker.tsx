import { GENRES, type Genre } from '@riffroom/protocol';

/** Genres toggle on and off (spec part 5); each is a pressed/unpressed button. */
export function GenrePicker({ value, onChange }: { value: Genre[]; onChange: (genres: Genre[]) => void }) {
  function toggle(genre: Genre) {
    onChange(value.includes(genre) ? value.filter((g) => g !== genre) : [...value, genre]);
  }
  return (
    <fieldset className="field genre-picker">
      <legend>Genres</legend>
      <div className="genre-picker__options">
        {GENRES.map((genre) => (
          <button
            key={genre}
            type="button"
            className="chip"
            aria-pressed={value.includes(genre)}
            onClick={() => toggle(genre)}
          >
            {genre}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
