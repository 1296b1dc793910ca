import type { Logger } from 'pino';
import { type Env, licenseSourceMode } from '../../platform/env.ts';
import { loadBoardConfig } from './config/load-board-config.ts';
import type { LicenseSources } from './license-sources.ts';
import { createBoardSources } from './sources/create-source.ts';

export type OpenedLicenseSources = {
  sources: LicenseSources;
  mode: 'simulator' | 'real';
  /** Where the simulator answers, when the sources point at it. */
  simUrl?: string;
  close: () => Promise<void>;
};

async function isSimulator(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The configured boards and their connectors. In simulator mode the sources point at SIM_URL,
 * or at a simulator already answering on SIM_PORT (a running server's, when this is the CLI),
 * or at one started here — on SIM_PORT for the server, on any free port for everyone else.
 */
export async function openLicenseSources(
  env: Env,
  { contactUrl, log, ownsSimulatorPort }: { contactUrl: string; log: Logger; ownsSimulatorPort: boolean },
): Promise<OpenedLicenseSources> {
  const mode = licenseSourceMode(env);
  let simUrl: string | undefined;
  let close = async () => {};
  if (mode === 'simulator') {
    const local = `http://127.0.0.1:${env.SIM_PORT}`;
    if (env.SIM_URL) simUrl = env.SIM_URL;
    else if (env.SIM_PORT && (await isSimulator(local))) simUrl = local;
    else {
      // Loaded only here: production never starts the simulator.
      const { startBoardSimulator } = await import('@licensewatch/board-sim/server');
      const sim = await startBoardSimulator({
        port: ownsSimulatorPort ? env.SIM_PORT : 0,
        seed: env.SIM_SEED,
        size: env.SIM_SIZE,
      });
      log.info({ url: sim.url, size: env.SIM_SIZE }, 'board simulator started');
      simUrl = sim.url;
      close = () => sim.close();
    }
  }
  const config = loadBoardConfig({ simUrl, overridesFile: env.LICENSE_SOURCES_FILE });
  const sources = createBoardSources(config, { socrataAppToken: env.SOCRATA_APP_TOKEN, contactUrl });
  return { sources, mode, simUrl, close };
}
