import { useId, useState } from 'react';
import { Avatar } from '../../components/Avatar';
import { useServices } from '../../app/ServicesContext';
import { describeError } from '../../services/api';
import { uploadPicture } from './pictureUpload';

/**
 * The profile picture on Edit Profile: choose a picture and it is uploaded at once (the API crops
 * it to a square, scales it and drops its metadata), or remove it; the initials show without one.
 */
export function PictureField({
  name,
  imageUrl,
  onChanged,
}: {
  name: string;
  imageUrl: string;
  onChanged: (imageUrl: string) => void;
}) {
  const { api } = useServices();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const run = (work: () => Promise<string>) => {
    setBusy(true);
    setProblem(null);
    work().then(
      (url) => {
        setBusy(false);
        onChanged(url);
      },
      (failure: unknown) => {
        setBusy(false);
        setProblem(failure instanceof Error && !('code' in failure) ? failure.message : describeError(failure).message);
      },
    );
  };
  return (
    <div className="field picture-field">
      <Avatar name={name} imageUrl={imageUrl || undefined} size="large" />
      <label htmlFor={id}>Profile Image</label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        disabled={busy}
        aria-describedby={`${id}-note`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) run(() => uploadPicture(file, () => api.projects.idToken()));
        }}
      />
      <p id={`${id}-note`} className="field__note">
        {busy ? 'Uploading…' : 'PNG, JPEG, WebP or GIF; shown as a square, without its photo metadata.'}
      </p>
      {imageUrl.startsWith('/api/') && (
        <button
          type="button"
          className="btn-link"
          disabled={busy}
          onClick={() => run(async () => (await api.users.removePicture(), ''))}
        >
          Remove picture
        </button>
      )}
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}
