import type { PublicUser } from '@riffroom/protocol';
import { SelectField } from '../../components/fields';
import { displayName, roleLabel } from '../../components/userLabels';

interface NetworkSelectProps {
  users: PublicUser[];
  selectedUid: string | null;
  onSelect: (uid: string) => void;
}

/** 'Your Network' (spec part 2): the people you follow, to start a conversation with. */
export function NetworkSelect({ users, selectedUid, onSelect }: NetworkSelectProps) {
  const options = [
    { value: '', label: '-- Select a user --' },
    ...users.map((user) => ({
      value: user.firebase_uid,
      label: `${displayName(user)} (@${user.user_username}) - ${roleLabel(user.user_role)}`,
    })),
  ];
  const value = users.some((user) => user.firebase_uid === selectedUid) ? selectedUid! : '';
  return <SelectField label="Your Network" value={value} options={options} onChange={(uid) => uid && onSelect(uid)} />;
}
