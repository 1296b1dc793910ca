// The other process of `bench:at-rest`'s job start latency: works deliver-email jobs on the database
// given as its argument, printing `started <messageId> <epoch ms>` as each handler begins, and sends
// one itself for each `send <messageId>` line on its standard input (`sent <messageId> <epoch ms>`
// once queued), for the latency within one process.
import { createInterface } from 'node:readline';
import pino from 'pino';
import { startJobQueue } from '../../apps/server/src/platform/jobs/job-queue.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: job-latency-worker.ts <database url>');
const jobs = await startJobQueue(url, pino({ level: 'silent' }));
await jobs.work('deliverEmail', async ({ messageId }) => {
  process.stdout.write(`started ${messageId} ${Date.now()}\n`);
});
createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, messageId] = line.split(' ');
  if (command !== 'send' || !messageId) return;
  const at = Date.now();
  void jobs.send('deliverEmail', { messageId }).then(() => process.stdout.write(`sent ${messageId} ${at}\n`));
});
process.stdin.on('end', () => void jobs.stop().then(() => process.exit(0)));
process.stdout.write('working\n');
