import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type NppesProvider = {
  number: string;
  basic: { first_name: string; middle_name?: string; last_name: string; credential: string };
  taxonomies: { state: string; license?: string; primary?: boolean }[];
};

export type NppesStandIn = {
  /** NPPES_API_URL for the server. */
  url: string;
  /** Answers 503 (as the registry does in its maintenance windows) while true. */
  down: boolean;
  calls: URLSearchParams[];
  close: () => Promise<void>;
};

/**
 * A local stand-in for the NPPES NPI Registry API v2.1 at the network edge: GET ?version=2.1&number=
 * answers {result_count, results} for the providers given, an empty result for any other number.
 */
export async function startNppesStandIn(providers: NppesProvider[]): Promise<NppesStandIn> {
  const byNumber = new Map(providers.map((p) => [p.number, p]));
  const standIn = { down: false, calls: [] as URLSearchParams[] };
  const server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    standIn.calls.push(query);
    if (standIn.down) return res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
    if (query.get('version') !== '2.1')
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ Errors: [{ description: 'Unsupported version', field: 'version', number: '01' }] }));
    const found = byNumber.get(query.get('number') ?? '');
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ result_count: found ? 1 : 0, results: found ? [found] : [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}/api/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
