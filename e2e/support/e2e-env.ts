// Shared by the Playwright config and helpers: one server per port, each with its own data folder.
export const port = Number(process.env.E2E_PORT ?? 3999);
export const baseURL = `http://127.0.0.1:${port}`;
/** Relative to e2e/; the web server and the CLI run from the repository root, so they use `e2e/${dataDir}`. */
export const dataDir = `.data-${port}`;
/**
 * The server's board simulator, on a port of its own next to the server's (SIM_PORT), so tests can
 * reach its fault controls (docs/license-engine.md, Board simulator HTTP contract).
 */
export const simPort = port + 1000;
export const simURL = `http://127.0.0.1:${simPort}`;
