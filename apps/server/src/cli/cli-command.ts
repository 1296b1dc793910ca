import type { AppContext } from '../context.ts';
import type { Env } from '../platform/env.ts';

/** What a command is handed: the process's context, its environment, where a simulator answers, and the words after the command. */
export type CliRun = { ctx: AppContext; env: Env; simUrl: string | undefined; args: string[] };

/** One `npm run cli -- <command>`: prints what it did, and throws (or sets process.exitCode) when it could not. */
export type CliCommand = (run: CliRun) => Promise<void>;
