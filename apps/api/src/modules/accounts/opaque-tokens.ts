import { createHash, randomBytes } from 'node:crypto';

/** Refresh and reset tokens: 32 random bytes for the client, only their SHA-256 in the database. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex');
