import type { CliCommand, CliRun } from './cli-command.ts';

/** A command line sent by the parent (the words after `npm run cli --`), and its answer. */
export type SessionRequest = { id: number; args: string[] };
export type SessionAnswer = { id: number; output: string } | { id: number; error: string };

/**
 * `cli.ts session`: commands sent by a parent process over Node's IPC channel (child_process.fork),
 * run one at a time in the order sent, with the context this process built once, each answered
 * with what it printed or the message it failed with; it returns when the parent disconnects. The
 * browser tests keep one per worker (e2e/support/accounts.ts): a CLI run per command started Node,
 * tsx and the context (migrations check, job queue) every time, seconds each with the tests beside
 * it. `refuse` names why a command cannot run here (those that need the boards), or null.
 */
export function commandSession(
  commands: Record<string, CliCommand>,
  refuse: (command: string, args: string[]) => Promise<string | null>,
): CliCommand {
  return async (run: CliRun) => {
    const send = process.send?.bind(process);
    if (!send) throw new Error('session takes its commands from a parent process (child_process.fork).');
    let queue = Promise.resolve();
    const answer = async ({ id, args: line }: SessionRequest): Promise<SessionAnswer> => {
      const [command = '', ...args] = line;
      const runCommand = commands[command];
      if (!runCommand) return { id, error: `Unknown command "${command}".` };
      const refused = await refuse(command, args);
      if (refused) return { id, error: refused };
      // The commands report with console.log, as they print to an operator; that is the answer.
      const printed: string[] = [];
      const print = console.log;
      console.log = (...words: unknown[]) => printed.push(words.join(' '));
      try {
        await runCommand({ ...run, args });
        return { id, output: printed.join('\n') };
      } catch (err) {
        return { id, error: err instanceof Error ? err.message : String(err) };
      } finally {
        console.log = print;
      }
    };
    const onMessage = (request: SessionRequest) => {
      queue = queue.then(async () => {
        const reply = await answer(request);
        // A parent gone mid-command has nobody to tell.
        if (process.connected) send(reply);
      });
    };
    process.on('message', onMessage);
    await new Promise<void>((resolve) => process.once('disconnect', () => resolve()));
    process.off('message', onMessage);
    await queue;
  };
}
