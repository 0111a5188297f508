/** Who the caller is, as proven by a verified ID token. Never taken from a request body. */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
}

/** What every identity provider offers the API: turning a bearer token into a verified identity. */
export interface IdentityVerifier {
  /** Resolves the identity, or throws an AppError with status 401. */
  verifyIdToken(token: string): Promise<VerifiedIdentity & { sessionId?: string }>;
  close?(): Promise<void>;
}
