import { hash, verify } from '@node-rs/argon2';

// OWASP/ASVS L2 minimum for argon2id: 19 MiB memory, 2 iterations, 1 lane.
// 2 = Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// A real hash of a random string, so unknown emails cost as much time as known ones.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword({ hash: await dummyHash, password });
}
