import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { ensurePrivateDir, makePrivate, writeNewFileAtomically } from '../../private-files.js';

export const TOKEN_ALGORITHM = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

interface StoredKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/**
 * Loads the token signing key from `file`, generating it on first start. An asymmetric key lets
 * other processes (media nodes) verify tokens with the public half alone.
 */
export async function loadOrCreateSigningKey(file: string): Promise<SigningKey> {
  ensurePrivateDir(path.dirname(path.resolve(file)));
  if (!existsSync(file)) {
    const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALGORITHM, { extractable: true });
    const stored: StoredKey = {
      kid: randomUUID(),
      privateJwk: await exportJWK(privateKey),
      publicJwk: await exportJWK(publicKey),
    };
    // false: another process created it meanwhile; theirs is read below.
    writeNewFileAtomically(file, JSON.stringify(stored));
  }
  makePrivate(file);
  const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredKey;
  return {
    kid: stored.kid,
    privateKey: (await importJWK(stored.privateJwk, TOKEN_ALGORITHM)) as CryptoKey,
    publicKey: (await importJWK(stored.publicJwk, TOKEN_ALGORITHM)) as CryptoKey,
    publicJwk: { ...stored.publicJwk, kid: stored.kid, alg: TOKEN_ALGORITHM, use: 'sig' },
  };
}
