import { closeSync, existsSync, fsyncSync, linkSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { ensurePrivateDir, makePrivate, PRIVATE_FILE_MODE } from '../../private-files.js';

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
 * Writes `contents` to `file` so that `file` is either absent or whole, never half-written: a temp
 * file beside it, flushed to disk, then linked into place, then the directory flushed so the new
 * name survives a power cut. link(2) is rename(2) that refuses to replace: when another process
 * created the key meanwhile it fails with EEXIST and theirs is kept, so two processes starting
 * together never end up signing with different keys. Returns false when the file already existed.
 */
function writeNewFileAtomically(file: string, contents: string): boolean {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    writeFileSync(fd, contents);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temp);
    throw error;
  }
  closeSync(fd);
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
  const dir = openSync(path.dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
  return true;
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
