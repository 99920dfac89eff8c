import type { HashOptions } from 'argon2';

/** Messages between the server and its hashing process. */
export type HashRequest =
  | { id: number; op: 'hash'; password: string; options: HashOptions }
  | { id: number; op: 'verify'; hash: string; password: string };

export type HashReply = { id: number; value: string | boolean } | { id: number; error: string };
