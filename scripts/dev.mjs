// `npm run dev`: the API with reload (tsx watch) on PORT and Vite with HMR on 5173, which proxies /api to it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '3000';
// Links in emails must open the Vite dev server, which is where the SPA lives in development.
const env = { NODE_ENV: 'development', APP_URL: 'http://localhost:5173', ...process.env, PORT: port };

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts', 'all'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit', env }),
];
function stop(code = 0) {
  for (const c of children) c.kill('SIGTERM');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop());
for (const c of children) c.on('exit', (code) => stop(code ?? 0));
