import { SESSION_TYPES, SESSION_VISIBILITIES, type SessionType, type SessionVisibility } from '@riffroom/protocol';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import type { SessionFormValues } from './sessionForm';

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const VISIBILITY_OPTIONS = SESSION_VISIBILITIES.map((value) => ({
  value,
  label: value === 'followers' ? 'Followers only' : capitalise(value),
}));
const TYPE_OPTIONS = SESSION_TYPES.map((value) => ({ value, label: capitalise(value) }));

interface SessionFieldsProps {
  values: SessionFormValues;
  onChange: (values: SessionFormValues) => void;
  disabled?: boolean;
}

/** Every field of a session (spec part 3), shared by Create Session and Edit Session. */
export function SessionFields({ values, onChange, disabled }: SessionFieldsProps) {
  const set =
    <K extends keyof SessionFormValues>(key: K) =>
    (value: SessionFormValues[K]) =>
      onChange({ ...values, [key]: value });
  return (
    <fieldset className="form-grid session-fields" disabled={disabled}>
      <TextField label="Title *" value={values.title} onChange={set('title')} />
      <TextField label="Start Time *" type="datetime-local" value={values.start} onChange={set('start')} />
      <TextField label="End Time *" type="datetime-local" value={values.end} onChange={set('end')} />
      <SelectField<SessionVisibility>
        label="Visibility"
        value={values.visibility}
        options={VISIBILITY_OPTIONS}
        onChange={set('visibility')}
      />
      <SelectField<SessionType> label="Type" value={values.type} options={TYPE_OPTIONS} onChange={set('type')} />
      <TextField label="Location" value={values.location} onChange={set('location')} />
      <TextField label="Genre" value={values.genre} onChange={set('genre')} />
      <TextField label="Price" type="number" min={0} step="any" value={values.price} onChange={set('price')} />
      <TextField
        label="Max Participants"
        type="number"
        min={1}
        placeholder="Unlimited"
        value={values.maxParticipants}
        onChange={set('maxParticipants')}
      />
      <TextField
        label="Equipment"
        placeholder="Comma-separated, e.g. SM7B, Neve 1073"
        value={values.equipment}
        onChange={set('equipment')}
      />
      <TextAreaField label="Description" rows={3} value={values.description} onChange={set('description')} />
    </fieldset>
  );
}
