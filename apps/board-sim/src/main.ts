// Dev/benchmark entry: node --import tsx apps/board-sim/src/main.ts [--port 3100] [--seed 42] [--size 20000] [--today YYYY-MM-DD] [--host 127.0.0.1]
import { parseArgs } from 'node:util';
import { DEFAULT_SEED, DEFAULT_SIZE } from './population.ts';
import { startBoardSimulator } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3100' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    size: { type: 'string', default: String(DEFAULT_SIZE) },
    today: { type: 'string' },
  },
});

function integer(name: string, value: string, min: number): number {
  const n = Number(value.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be an integer ≥ ${min}, got ${JSON.stringify(value)}`);
    process.exit(1);
  }
  return n;
}

const sim = await startBoardSimulator({
  port: integer('port', values.port, 0),
  host: values.host,
  seed: integer('seed', values.seed, -(2 ** 31)),
  size: integer('size', values.size, 1),
  ...(values.today ? { today: values.today } : {}),
});
console.log(
  `Board simulator listening on ${sim.url} (seed ${sim.population.seed}, ${sim.population.size} physicians, today ${sim.population.today})`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
