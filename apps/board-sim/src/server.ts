import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simBoard } from './boards.ts';
import { simExclusions } from './exclusion-list.ts';
import { FaultTable, faultSchema } from './faults.ts';
import { handleBulkFile } from './file-routes.ts';
import { escapeHtml, htmlPage, sendHtml, sendJson, sendText, sleep, streamText } from './http-util.ts';
import { handleLeie, LEIE_FAULT_ID } from './leie-routes.ts';
import { handleLookup } from './lookup-route.ts';
import { handleNppes } from './nppes-route.ts';
import { createPopulation, type Population, type PopulationOptions, toGroundTruth } from './population.ts';
import { buildPopulationIndex, type PopulationIndex } from './population-index.ts';
import {
  handleSamDownload,
  handleSamExclusions,
  SAM_DOWNLOAD_ROUTE,
  SAM_EXCLUSIONS_ROUTE,
  SAM_FAULT_ID,
} from './sam-route.ts';
import { type FaultRoute, MOVED_PATH, movedPage, sendFaultAnswer } from './send-fault-answer.ts';
import type { SimContext } from './sim-context.ts';
import { ALABAMA_BOARD_ID, handleAlabamaBulkFilePage, isAlabamaBulkFilePage } from './sites/alabama-bulk-file.ts';
import { createAspnetLookups } from './sites/aspnet-lookups.ts';
import { browserSiteRequest } from './sites/browser-sites.ts';
import { handleCaliforniaBox, isCaliforniaBox } from './sites/california-box.ts';
import { handleSiteFile, siteFile, sitePage } from './sites/file-sites.ts';
import { createFloridaPortal, FLORIDA_BOARD_ID, isFloridaPortal, isFloridaSignInPost } from './sites/florida-portal.ts';
import {
  handleMedboard,
  isMedboardSearchPost,
  MASSACHUSETTS_BOARD_ID,
  medboardRoute,
} from './sites/massachusetts-medboard.ts';
import { handleNysedRosa, NEW_YORK_BOARD_ID, rosaRoute, rosaSearchedSurname } from './sites/nysed-rosa.ts';
import { handlePals, isPalsPost, PALS_BOARD_IDS, palsRoute } from './sites/pennsylvania-pals.ts';
import { createPlainFormLookups } from './sites/plain-form-lookups.ts';
import { handleSiteSocrata, siteDataset } from './sites/socrata-sites.ts';
import { handleSocrata } from './socrata-route.ts';

export type BoardSimulatorOptions = PopulationOptions & {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
};

export type BoardSimulator = {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:3100 */
  url: string;
  population: Population;
  close(): Promise<void>;
};

/** The fault key NPPES answers under ('*' covers it as well as every board). */
export const NPPES_FAULT_ID = 'nppes';

function maintenancePage(): string {
  return htmlPage(
    'Scheduled maintenance',
    `<h1>Scheduled maintenance</h1>
<p class="maintenance">This service is temporarily unavailable while we perform scheduled maintenance. Please try again later.</p>`,
  );
}

async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total > limit) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function handleFaults(faults: FaultTable, req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
  if (req.method === 'DELETE') {
    faults.clear(query.get('boardId') ?? undefined);
    res.writeHead(204).end();
    return;
  }
  if (req.method !== 'POST') {
    sendJson(res, 405, { error: 'use POST or DELETE' }, { allow: 'POST, DELETE' });
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req));
  } catch {
    sendJson(res, 400, { error: 'body must be JSON' });
    return;
  }
  const parsed = faultSchema.safeParse(body);
  if (!parsed.success) {
    sendJson(res, 400, { error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
    return;
  }
  const { boardId } = parsed.data;
  if (
    boardId !== '*' &&
    boardId !== NPPES_FAULT_ID &&
    boardId !== LEIE_FAULT_ID &&
    boardId !== SAM_FAULT_ID &&
    !simBoard(boardId)
  ) {
    sendJson(res, 400, { error: `unknown board ${boardId}` });
    return;
  }
  faults.set(parsed.data);
  res.writeHead(204).end();
}

/**
 * Applies the board's faults; false when the request was answered with a failure. `answer`: what the
 * route serves, so a changed board changes in that route's own shape (send-fault-answer.ts).
 */
async function passFaults(
  faults: FaultTable,
  faultId: string,
  res: ServerResponse,
  lastName?: string,
  answer: { route: FaultRoute; requestHost: string | undefined } = { route: 'other', requestHost: undefined },
): Promise<boolean> {
  const decision = faults.decide(faultId, lastName);
  if (decision.latencyMs > 0) await sleep(decision.latencyMs);
  if (decision.outcome === 'down') {
    sendHtml(res, 503, maintenancePage(), { 'retry-after': '600' });
    return false;
  }
  if (decision.outcome === 'error') {
    sendHtml(res, 500, htmlPage('Internal Server Error', '<h1>Internal Server Error</h1>'));
    return false;
  }
  if (decision.outcome !== 'ok') {
    sendFaultAnswer(res, decision, answer);
    return false;
  }
  return true;
}

export async function startBoardSimulator(options: BoardSimulatorOptions = {}): Promise<BoardSimulator> {
  const population = createPopulation(options);
  let index: PopulationIndex | null = null;
  const ctx: SimContext = {
    population,
    index: () => {
      index ??= buildPopulationIndex(population);
      return index;
    },
  };
  const faults = new FaultTable(population.seed);
  // Its sign-in's transactions, codes and sessions are this simulator's own.
  const floridaPortal = createFloridaPortal(ctx);
  // The WebForms look-ups' sessions and page states are this simulator's own.
  const aspnetLookups = createAspnetLookups(ctx);
  // Kansas keeps each search in a session: this simulator's own.
  const plainForms = createPlainFormLookups(ctx);

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sim.invalid');
    let parts: string[];
    try {
      parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      sendText(res, 400, 'Bad path\n');
      return;
    }
    const query = url.searchParams;
    // Alabama's download page (roster.aspx) is a form: its file is the answer to the form posted back.
    const isPostBackPage = parts[0] === 'sites' && isAlabamaBulkFilePage(parts.slice(1));
    // The boards' ASP.NET look-ups search by posting their pages back.
    const aspnet = parts[0] === 'sites' ? aspnetLookups.find(parts.slice(1)) : undefined;
    // Florida's portal signs in with two posts: B2C's SelfAsserted and the portal's signin-oidc.
    const isSignInPost = parts[0] === 'sites' && req.method === 'POST' && isFloridaSignInPost(parts.slice(1));
    // Kansas, Virginia and West Virginia's osteopathic board search by posting a plain form.
    const isPlainForm = parts[0] === 'sites' && plainForms.matches(parts.slice(1));
    // Massachusetts' search API takes a JSON POST.
    const isJsonPost = parts[0] === 'sites' && isMedboardSearchPost(parts.slice(1), req.method);
    // Pennsylvania's PALS asks its API with JSON POSTs.
    const isPalsApiPost = parts[0] === 'sites' && isPalsPost(parts.slice(1), req.method);
    const readOnly =
      req.method === 'GET' ||
      req.method === 'HEAD' ||
      isPostBackPage ||
      isSignInPost ||
      isPlainForm ||
      isJsonPost ||
      isPalsApiPost ||
      (aspnet !== undefined && req.method === 'POST');
    const [top, boardId = '', third, fourth, fifth] = parts;

    if (url.pathname === '/_control/faults') return handleFaults(faults, req, res, query);
    if (!readOnly) {
      sendText(res, 405, 'Method not allowed\n');
      return;
    }
    if (url.pathname === '/healthz') {
      sendJson(res, 200, { status: 'ok' });
      return;
    }
    if (url.pathname === MOVED_PATH) {
      sendHtml(res, 200, movedPage());
      return;
    }
    if (url.pathname === '/ground-truth.jsonl') {
      const lines = (function* () {
        for (const person of population.people()) yield `${JSON.stringify(toGroundTruth(person))}\n`;
      })();
      await streamText(req, res, 200, { 'content-type': 'application/x-ndjson; charset=utf-8' }, lines);
      return;
    }
    if (url.pathname === '/ground-truth/exclusions.json') {
      // Filler rows are strangers to the population: nothing to assert about them.
      const known = simExclusions(population).filter((row) => row.kind !== 'other');
      sendJson(res, 200, known);
      return;
    }
    if (top === 'leie') {
      if (await passFaults(faults, LEIE_FAULT_ID, res)) await handleLeie(ctx, req, res, parts.slice(1), query);
      return;
    }
    if (url.pathname === SAM_DOWNLOAD_ROUTE) {
      await handleSamDownload(ctx, req, res, query, () => passFaults(faults, SAM_FAULT_ID, res));
      return;
    }
    if (url.pathname === SAM_EXCLUSIONS_ROUTE) {
      await handleSamExclusions(ctx, req, res, query, () => passFaults(faults, SAM_FAULT_ID, res));
      return;
    }
    if (top === 'nppes' && boardId === 'api' && parts.length === 2) {
      if (await passFaults(faults, NPPES_FAULT_ID, res)) handleNppes(ctx, res, query);
      return;
    }

    if (top === 'sites') {
      if (aspnet) {
        // A look-up's faults meet its pages as a look-up's do: scoped to the surname searched, when known.
        const { lookup, page } = aspnet;
        const answer = { route: 'lookup' as const, requestHost: req.headers.host };
        await lookup.handle(req, res, page, query, (lastName) =>
          passFaults(faults, faults.faultIdOf(lookup.boardIds), res, lastName, answer),
        );
        return;
      }
      const plainForm = isPlainForm ? await plainForms.read(req, parts.slice(1), query) : undefined;
      if (plainForm) {
        const answer = { route: 'lookup' as const, requestHost: req.headers.host };
        if (await passFaults(faults, plainForm.boardId, res, plainForm.lastName, answer)) await plainForm.send(res);
        return;
      }
      // A real portal's path on the simulator's origin (simulatorBoard in the server's configuration).
      if (isPostBackPage) {
        const answer = { route: 'file' as const, requestHost: req.headers.host };
        if (await passFaults(faults, ALABAMA_BOARD_ID, res, undefined, answer))
          await handleAlabamaBulkFilePage(ctx, req, res);
        return;
      }
      // A single-page board: its page (what a browser lands on, CAPTCHA and all) and its script's endpoints.
      const spa = browserSiteRequest(parts.slice(1), query);
      if (spa) {
        const answer = { route: 'lookup' as const, requestHost: req.headers.host };
        if (await passFaults(faults, spa.boardId, res, spa.lastName, answer)) spa.answer(ctx, res);
        return;
      }
      if (isFloridaPortal(parts.slice(1))) {
        // Both Florida boards' file is behind MQA's one portal and its sign-in: faults set for fl-md reach them.
        const answer = { route: 'file' as const, requestHost: req.headers.host };
        if (await passFaults(faults, FLORIDA_BOARD_ID, res, undefined, answer))
          await floridaPortal.handle(req, res, parts.slice(1), query);
        return;
      }
      if (isCaliforniaBox(parts.slice(1))) {
        // Both California boards' lists are in DCA's one Box folder: faults set for ca-md reach it.
        const answer = { route: 'file' as const, requestHost: req.headers.host };
        if (await passFaults(faults, 'ca-md', res, undefined, answer))
          await handleCaliforniaBox(ctx, req, res, parts.slice(1), query);
        return;
      }
      const rosa = rosaRoute(parts.slice(1));
      if (rosa) {
        // The page changes as a page does; the API, changed, answers JSON of another shape (Socrata's older one).
        const answer = { route: rosa.kind === 'page' ? 'lookup' : 'socrata', requestHost: req.headers.host } as const;
        if (await passFaults(faults, NEW_YORK_BOARD_ID, res, rosaSearchedSurname(query), answer))
          await handleNysedRosa(ctx, req, res, rosa, query);
        return;
      }
      const medboard = medboardRoute(parts.slice(1));
      if (medboard) {
        const answer = { route: medboard === 'page' ? 'lookup' : 'socrata', requestHost: req.headers.host } as const;
        await handleMedboard(ctx, req, res, medboard, (lastName) =>
          passFaults(faults, MASSACHUSETTS_BOARD_ID, res, lastName, answer),
        );
        return;
      }
      const pals = palsRoute(parts.slice(1));
      if (pals) {
        // Both Pennsylvania boards are in PALS: a fault set for either reaches the portal (pa-md's first).
        const answer = { route: 'lookup' as const, requestHost: req.headers.host };
        await handlePals(ctx, req, res, pals, (lastName) =>
          passFaults(faults, faults.faultIdOf(PALS_BOARD_IDS), res, lastName, answer),
        );
        return;
      }
      const dataset = siteDataset(parts.slice(1));
      const file = dataset ? undefined : siteFile(parts.slice(1));
      const page = dataset || file ? undefined : sitePage(parts.slice(1));
      if (dataset) {
        const answer = { route: 'socrata' as const, requestHost: req.headers.host };
        if (await passFaults(faults, faults.faultIdOf(dataset.boardIds), res, undefined, answer))
          await handleSiteSocrata(ctx, req, res, dataset, query);
      } else if (file) {
        const answer = { route: 'file' as const, requestHost: req.headers.host };
        if (await passFaults(faults, file.boardId, res, undefined, answer)) await handleSiteFile(ctx, req, res, file);
      } else if (page) {
        const answer = { route: 'file' as const, requestHost: req.headers.host };
        if (await passFaults(faults, page.boardId, res, undefined, answer))
          sendHtml(res, 200, htmlPage(page.title, page.body));
      } else sendHtml(res, 404, htmlPage('Not found', `<h1>Not found</h1><p>${escapeHtml(url.pathname)}</p>`));
      return;
    }

    const board = simBoard(boardId);
    const style = board?.style;
    const isSocrata = top === 'socrata' && style === 'socrata' && third === 'resource' && fourth && !fifth;
    const isFile = top === 'files' && style === 'delimited-file' && third && !fourth;
    // Every board has a public look-up page for people, whatever else it publishes.
    const isLookup = top === 'lookup' && board !== undefined && third === 'search' && !fourth;
    if (!board || !(isSocrata || isFile || isLookup)) {
      sendHtml(res, 404, htmlPage('Not found', `<h1>Not found</h1><p>${escapeHtml(url.pathname)}</p>`));
      return;
    }
    const lookupName = isLookup ? (query.get('last_name') ?? undefined) : undefined;
    const route: FaultRoute = isSocrata ? 'socrata' : isFile ? 'file' : 'lookup';
    if (!(await passFaults(faults, board.boardId, res, lookupName, { route, requestHost: req.headers.host }))) return;
    if (isSocrata) await handleSocrata(ctx, req, res, board.boardId, fourth as string, query);
    else if (isFile) await handleBulkFile(ctx, req, res, board.boardId, third as string, query);
    else await handleLookup(ctx, req, res, board, query);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy(error instanceof Error ? error : undefined);
      else sendText(res, 500, `Simulator error: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  });
  // Connectors and benchmarks reuse connections; keep them alive longer than their pools do.
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    population,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
