import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ProjectSummary } from '@riffroom/protocol';
import { useServices } from '../../app/ServicesContext';
import { describeError } from '../../services/api';
import { formatBytes } from '../recordings/formatRecording';

/** The dashboard's Projects section (issue 36): my projects and those I am in, and a new one. */
export function ProjectsSection() {
  const { api } = useServices();
  const [projects, setProjects] = useState<ProjectSummary[] | null>(null);
  const [storage, setStorage] = useState<{ usedBytes: number; quotaBytes: number } | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.projects.list().then(setProjects, (failure: unknown) => setError(describeError(failure).message));
    api.projects.storage().then(setStorage, () => setStorage(null));
  }, [api]);

  const create = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    api.projects.create(name.trim()).then(
      (project) => {
        setProjects((list) => [project, ...(list ?? [])]);
        setName('');
      },
      (failure: unknown) => setError(describeError(failure).message),
    );
  };

  return (
    <section className="projects" aria-labelledby="projects-heading">
      <h2 id="projects-heading">Projects</h2>
      {storage && (
        <p className="muted">
          Storage: {formatBytes(storage.usedBytes)} of {formatBytes(storage.quotaBytes)} used
        </p>
      )}
      <form onSubmit={create} className="project-create">
        <input
          aria-label="Project name"
          placeholder="New project name"
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="btn" disabled={name.trim() === ''}>
          Create project
        </button>
      </form>
      {error && (
        <p className="muted" role="alert">
          {error}
        </p>
      )}
      {projects === null && !error && <p className="page-status">Loading...</p>}
      {projects?.length === 0 && <p className="muted">No projects yet.</p>}
      <ul className="project-list">
        {projects?.map((project) => (
          <li key={project.id}>
            <Link to={`/projects/${project.id}`}>{project.name}</Link>{' '}
            <span className="muted">{project.owned ? 'Owner' : `by ${project.ownerName}`}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
