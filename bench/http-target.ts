// The server side of `bench/http.ts`, in its own process so that the load generator never shares
// its event loop: a bare Fastify "hello" and the real app on a fresh database, with USERS signed-in
// accounts of 20 reports each. Prints one JSON line ({hello, app, cookies}) and serves until killed.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { HttpClient } from '../apps/server/test/support/http-client.ts';
import { signedInPerson } from '../apps/server/test/support/identities.ts';
import { onPlan } from '../apps/server/test/support/route-cases.ts';
import { startTestServer } from '../apps/server/test/support/test-server.ts';

const USERS = Number(process.env.BENCH_HTTP_USERS ?? 32);
const REPORTS = 20;

const bare = Fastify();
bare.get('/hello', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });

// As `npm start` runs it (request logging at info), but without job workers, which would take CPU
// the measured routes do not use. TRUST_PROXY only lets the set-up sign in many accounts.
const server = await startTestServer({ LOG_LEVEL: 'info', TRUST_PROXY: 'true' }, { worker: false });
const cookies: string[] = [];
for (let u = 0; u < USERS; u++) {
  const person = await signedInPerson(server);
  await onPlan(server, person);
  for (let i = 0; i < REPORTS; i++) {
    const res = await person.client.post('/api/v2/reports/', {
      name: `Report ${i + 1}`,
      firstName: 'Ada',
      lastName: `Okafor-${u}-${i}`,
      licenseType: 'MD',
      states: ['Oregon'],
    });
    if (res.status !== 201) throw new Error(`creating a report answered ${res.status}`);
  }
  cookies.push(person.client.cookieHeader());
}
// Every account answers before the figures start.
for (const cookie of cookies) {
  const res = await new HttpClient(server.url).get('/api/v1/reports/', { cookie });
  if (res.status !== 200 || res.body.length !== REPORTS) throw new Error(`the report list answered ${res.status}`);
}

console.log(
  JSON.stringify({
    hello: `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`,
    app: server.url,
    cookies,
  }),
);

async function stop() {
  await bare.close();
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
