import {
  restRoutes,
  type CreateCommentBody,
  type Project,
  type ProjectComment,
  type ProjectFile,
  type ProjectSummary,
  type RecordingIntoProjectBody,
  type ShowcaseTrack,
  type WaveformPeaks,
} from '@riffroom/protocol';
import type { HttpClient } from './http';

/** Projects (issue 36): mine and those I am in, their members, files, previews and waveforms. */
export interface ProjectsApi {
  list(): Promise<ProjectSummary[]>;
  create(name: string): Promise<Project>;
  get(projectId: string): Promise<Project>;
  remove(projectId: string): Promise<void>;
  invite(projectId: string, uid: string): Promise<Project>;
  storage(): Promise<{ usedBytes: number; quotaBytes: number }>;
  /** The streaming preview (Ogg Opus) as a Blob: played locally, so seeking is instant. */
  preview(projectId: string, fileId: string): Promise<Blob>;
  peaks(projectId: string, fileId: string): Promise<WaveformPeaks>;
  original(projectId: string, fileId: string): Promise<Blob>;
  removeFile(projectId: string, fileId: string): Promise<Project>;
  /** A recording's track as a new track (or the next version of `trackId`) in the project. */
  addFromRecording(projectId: string, take: RecordingIntoProjectBody): Promise<ProjectFile>;
  /** A version's comments, oldest first (threads: parentId). */
  comments(projectId: string, fileId: string): Promise<ProjectComment[]>;
  addComment(projectId: string, fileId: string, body: CreateCommentBody): Promise<ProjectComment>;
  editComment(projectId: string, commentId: string, body: string): Promise<ProjectComment>;
  /** Resolves or reopens the comment's thread; answers with the thread's first comment. */
  resolveComment(projectId: string, commentId: string, resolved: boolean): Promise<ProjectComment>;
  deleteComment(projectId: string, commentId: string): Promise<void>;
  /** A profile's showcase tracks, and their previews and waveforms (open like the profile). */
  showcase(uid: string): Promise<ShowcaseTrack[]>;
  showcasePeaks(uid: string, fileId: string): Promise<WaveformPeaks>;
  showcasePreview(uid: string, fileId: string): Promise<Blob>;
  /** Which of my own uploaded versions my profile shows, in order (at most SHOWCASE_MAX). */
  setShowcase(fileIds: string[]): Promise<ShowcaseTrack[]>;
  /** The ID token tus uploads send (they go around this client). */
  idToken(): Promise<string | null>;
}

export function createProjectsApi(http: HttpClient): ProjectsApi {
  return {
    async list() {
      return (await http.authed(restRoutes.myProjects)).projects;
    },
    async create(name) {
      return (await http.authed(restRoutes.createProject, { body: { name } })).project;
    },
    async get(projectId) {
      return (await http.authed(restRoutes.getProject, { params: { projectId } })).project;
    },
    async remove(projectId) {
      await http.authed(restRoutes.deleteProject, { params: { projectId } });
    },
    async invite(projectId, uid) {
      return (await http.authed(restRoutes.inviteProjectMember, { params: { projectId }, body: { uid } })).project;
    },
    storage: () => http.authed(restRoutes.myStorage),
    preview: (projectId, fileId) => http.authedBlob(restRoutes.projectFilePreview, { params: { projectId, fileId } }),
    peaks: (projectId, fileId) => http.authed(restRoutes.projectFilePeaks, { params: { projectId, fileId } }),
    original: (projectId, fileId) => http.authedBlob(restRoutes.projectFileOriginal, { params: { projectId, fileId } }),
    async removeFile(projectId, fileId) {
      return (await http.authed(restRoutes.deleteProjectFile, { params: { projectId, fileId } })).project;
    },
    async addFromRecording(projectId, take) {
      return (await http.authed(restRoutes.addRecordingToProject, { params: { projectId }, body: take })).file;
    },
    async comments(projectId, fileId) {
      return (await http.authed(restRoutes.fileComments, { params: { projectId, fileId } })).comments;
    },
    async addComment(projectId, fileId, body) {
      return (await http.authed(restRoutes.createComment, { params: { projectId, fileId }, body })).comment;
    },
    async editComment(projectId, commentId, body) {
      return (await http.authed(restRoutes.editComment, { params: { projectId, commentId }, body: { body } })).comment;
    },
    async resolveComment(projectId, commentId, resolved) {
      return (await http.authed(restRoutes.resolveComment, { params: { projectId, commentId }, body: { resolved } }))
        .comment;
    },
    async deleteComment(projectId, commentId) {
      await http.authed(restRoutes.deleteComment, { params: { projectId, commentId } });
    },
    async showcase(uid) {
      return (await http.authed(restRoutes.showcase, { params: { uid } })).tracks;
    },
    showcasePeaks: (uid, fileId) => http.authed(restRoutes.showcasePeaks, { params: { uid, fileId } }),
    showcasePreview: (uid, fileId) => http.authedBlob(restRoutes.showcasePreview, { params: { uid, fileId } }),
    async setShowcase(fileIds) {
      return (await http.authed(restRoutes.setShowcase, { body: { fileIds } })).tracks;
    },
    idToken: () => http.idToken(),
  };
}
