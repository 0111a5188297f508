import {
  createListenLinkBodySchema,
  createProjectBodySchema,
  listenLinkCreatedSchema,
  listenLinksResponseSchema,
  inviteMemberBodySchema,
  projectResponseSchema,
  projectsResponseSchema,
  storageUsageSchema,
  waveformPeaksSchema,
} from './projects.js';
import { projectFileResponseSchema, recordingIntoProjectBodySchema } from './recording-into-project.js';
import { okResponseSchema } from './rooms.js';
import { setShowcaseBodySchema, showcaseResponseSchema } from './showcase.js';
import {
  createCommentBodySchema,
  editCommentBodySchema,
  projectCommentResponseSchema,
  projectCommentsResponseSchema,
  resolveCommentBodySchema,
} from './project-comments.js';

/** Projects' REST routes (issue 36), spread into restRoutes; a stranger gets 404 on every one. */
export const projectRestRoutes = {
  myProjects: { method: 'GET', path: '/api/projects', response: projectsResponseSchema },
  createProject: {
    method: 'POST',
    path: '/api/projects',
    body: createProjectBodySchema,
    response: projectResponseSchema,
  },
  myStorage: { method: 'GET', path: '/api/projects/storage', response: storageUsageSchema },
  getProject: { method: 'GET', path: '/api/projects/:projectId', response: projectResponseSchema },
  deleteProject: { method: 'DELETE', path: '/api/projects/:projectId', response: okResponseSchema },
  inviteProjectMember: {
    method: 'POST',
    path: '/api/projects/:projectId/members',
    body: inviteMemberBodySchema,
    response: projectResponseSchema,
  },
  /** A recording's track becomes a version in the project (server/src/files/recording-into-project.ts). */
  addRecordingToProject: {
    method: 'POST',
    path: '/api/projects/:projectId/from-recording',
    body: recordingIntoProjectBodySchema,
    response: projectFileResponseSchema,
  },
  removeProjectMember: {
    method: 'DELETE',
    path: '/api/projects/:projectId/members/:uid',
    response: projectResponseSchema,
  },
  /** The original, byte for byte, as an attachment (nosniff). */
  projectFileOriginal: { method: 'GET', path: '/api/projects/:projectId/files/:fileId/original', response: null },
  /** The streaming preview (Ogg Opus); answers Range requests. */
  projectFilePreview: { method: 'GET', path: '/api/projects/:projectId/files/:fileId/preview', response: null },
  projectFilePeaks: {
    method: 'GET',
    path: '/api/projects/:projectId/files/:fileId/peaks',
    response: waveformPeaksSchema,
  },
  deleteProjectFile: {
    method: 'DELETE',
    path: '/api/projects/:projectId/files/:fileId',
    response: projectResponseSchema,
  },
  listenLinks: { method: 'GET', path: '/api/projects/:projectId/listen-links', response: listenLinksResponseSchema },
  createListenLink: {
    method: 'POST',
    path: '/api/projects/:projectId/listen-links',
    body: createListenLinkBodySchema,
    response: listenLinkCreatedSchema,
  },
  revokeListenLink: {
    method: 'DELETE',
    path: '/api/projects/:projectId/listen-links/:linkId',
    response: okResponseSchema,
  },
  // Comments pinned to a moment of a version (project-comments.ts); members only.
  fileComments: {
    method: 'GET',
    path: '/api/projects/:projectId/files/:fileId/comments',
    response: projectCommentsResponseSchema,
  },
  createComment: {
    method: 'POST',
    path: '/api/projects/:projectId/files/:fileId/comments',
    body: createCommentBodySchema,
    response: projectCommentResponseSchema,
  },
  editComment: {
    method: 'PATCH',
    path: '/api/projects/:projectId/comments/:commentId',
    body: editCommentBodySchema,
    response: projectCommentResponseSchema,
  },
  resolveComment: {
    method: 'PUT',
    path: '/api/projects/:projectId/comments/:commentId/resolved',
    body: resolveCommentBodySchema,
    response: projectCommentResponseSchema,
  },
  deleteComment: { method: 'DELETE', path: '/api/projects/:projectId/comments/:commentId', response: okResponseSchema },
  /** A profile picture (re-encoded JPEG); open like the profiles it belongs to. */
  profilePicture: { method: 'GET', path: '/api/users/:uid/picture', response: null },
  deleteProfilePicture: { method: 'DELETE', path: '/api/me/picture', response: okResponseSchema },
  /** A profile's showcase tracks, open like the profile; only these files' previews are public. */
  showcase: { method: 'GET', path: '/api/users/:uid/showcase', response: showcaseResponseSchema },
  showcasePreview: { method: 'GET', path: '/api/users/:uid/showcase/:fileId/preview', response: null },
  showcasePeaks: { method: 'GET', path: '/api/users/:uid/showcase/:fileId/peaks', response: waveformPeaksSchema },
  setShowcase: {
    method: 'PUT',
    path: '/api/me/showcase',
    body: setShowcaseBodySchema,
    response: showcaseResponseSchema,
  },
  // A listen link, without an account: the project's tracks, previews and waveforms; no originals.
  listenProject: { method: 'GET', path: '/api/listen/:token', response: projectResponseSchema },
  listenPreview: { method: 'GET', path: '/api/listen/:token/files/:fileId/preview', response: null },
  listenPeaks: { method: 'GET', path: '/api/listen/:token/files/:fileId/peaks', response: waveformPeaksSchema },
  /** A listen link reads a version's comments (it does not write them). */
  listenComments: {
    method: 'GET',
    path: '/api/listen/:token/files/:fileId/comments',
    response: projectCommentsResponseSchema,
  },
} as const;
