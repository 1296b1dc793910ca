import { readFileSync } from 'node:fs';
import type { LicenseType } from '@licensewatch/shared/licenses';
import { STATE_CODES, type StateCode } from '@licensewatch/shared/states';
import { type core, z } from 'zod';
import { type Board, type BoardInput, boardSchema, type NppesSourceConfig, nppesSourceSchema } from './board-config.ts';
import { BOARDS, NPPES_SOURCE } from './jurisdictions.ts';
import { mergeBoardOverride, mergeOverride } from './merge-override.ts';
import { simulatorBoard, simulatorNppesBaseUrl } from './simulator-sources.ts';

export type LoadBoardConfigOptions = {
  /** Operator JSON file replacing boards' sources (or adding boards) by id; see `overridesFileSchema`. */
  overridesFile?: string | undefined;
  /** When set, every board reads from the board simulator at this base URL instead of the real board. */
  simUrl?: string | undefined;
};

export type LoadedBoardConfig = {
  mode: 'simulator' | 'real';
  boards: Board[];
  nppes: NppesSourceConfig;
};

/** Thrown at start-up; one line per problem, each naming the board and the field. */
export class BoardConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid license source configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'BoardConfigError';
  }
}

/**
 * The override file: `{"boards": [{"id": "tx-med", "source": {...}}, ...], "nppes": {...}}`. A known id
 * has the given fields merged into the built-in board field by field (`mergeOverride`): objects merge key
 * by key, arrays and plain values replace, `null` removes a field; a `source` of another `kind` replaces
 * the source whole. An unknown id adds a board and must then be complete; `{"id": "nm-med", "remove":
 * true}` drops a board (e.g. when a state splits its composite board into md + do). `nppes` merges the same way.
 */
export const overridesFileSchema = z.strictObject({
  boards: z
    .array(z.looseObject({ id: z.string({ error: 'is required (the board id)' }), remove: z.boolean().optional() }))
    .default([]),
  nppes: z.record(z.string(), z.unknown()).optional(),
});

const simUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export function loadBoardConfig(options: LoadBoardConfigOptions = {}): LoadedBoardConfig {
  const problems: string[] = [];
  const simUrl = options.simUrl?.trim() || undefined;
  if (simUrl !== undefined && !simUrlSchema.safeParse(simUrl).success)
    throw new BoardConfigError([`simulator URL '${simUrl}': must be an http(s) URL`]);

  const inputs = new Map<string, { input: unknown; origin: string }>();
  for (const b of BOARDS) {
    const input: BoardInput = simUrl ? simulatorBoard(b, simUrl) : b;
    inputs.set(b.id, { input, origin: `board ${b.id}` });
  }
  let nppesInput: Record<string, unknown> = simUrl
    ? { ...NPPES_SOURCE, baseUrl: simulatorNppesBaseUrl(simUrl) }
    : { ...NPPES_SOURCE };

  if (options.overridesFile) {
    const overrides = readOverrides(options.overridesFile);
    overrides.boards.forEach(({ remove, ...override }, index) => {
      const existing = inputs.get(override.id);
      const where = `board ${override.id} (${options.overridesFile} boards[${index}])`;
      if (remove) {
        if (!existing) problems.push(`${where}: remove: there is no such board`);
        inputs.delete(override.id);
        return;
      }
      inputs.set(override.id, {
        input: existing ? mergeBoardOverride(existing.input as Record<string, unknown>, override) : override,
        origin: where,
      });
    });
    if (overrides.nppes) nppesInput = mergeOverride(nppesInput, overrides.nppes);
  }

  const boards: Board[] = [];
  for (const { input, origin } of inputs.values()) {
    const parsed = boardSchema.safeParse(input);
    if (parsed.success) boards.push(parsed.data);
    else problems.push(...describeIssues(origin, parsed.error.issues));
  }
  const nppes = nppesSourceSchema.safeParse(nppesInput);
  if (!nppes.success) problems.push(...describeIssues('nppes', nppes.error.issues));
  if (problems.length === 0) problems.push(...coverageProblems(boards));
  if (problems.length > 0 || !nppes.success) throw new BoardConfigError(problems);

  return { mode: simUrl ? 'simulator' : 'real', boards, nppes: nppes.data };
}

/** The NPPES source alone, for callers that need no boards. */
export function nppesSourceConfig(options: { simUrl?: string | undefined } = {}): NppesSourceConfig {
  const simUrl = options.simUrl?.trim() || undefined;
  return nppesSourceSchema.parse(simUrl ? { ...NPPES_SOURCE, baseUrl: simulatorNppesBaseUrl(simUrl) } : NPPES_SOURCE);
}

export function boardById(config: LoadedBoardConfig, id: string): Board | undefined {
  return config.boards.find((b) => b.id === id);
}

export function boardsForJurisdiction(config: LoadedBoardConfig, state: StateCode): Board[] {
  return config.boards.filter((b) => b.jurisdiction === state);
}

/** The board that licenses `type` in `state` (a composite board or the MD/DO one). */
export function boardFor(config: LoadedBoardConfig, state: StateCode, type: LicenseType): Board | undefined {
  return config.boards.find((b) => b.jurisdiction === state && b.licenseTypes.includes(type));
}

function readOverrides(file: string): z.output<typeof overridesFileSchema> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new BoardConfigError([`overrides file ${file}: cannot be read (${code})`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new BoardConfigError([`overrides file ${file}: not valid JSON (${(error as Error).message})`]);
  }
  const parsed = overridesFileSchema.safeParse(json);
  if (!parsed.success) throw new BoardConfigError(describeIssues(`overrides file ${file}`, parsed.error.issues));
  return parsed.data;
}

function describeIssues(origin: string, issues: core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const path = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`));
    // zod's wording for an absent field is "expected string, received undefined"; say it plainly.
    const missing = /expected (\w+), received undefined$/.exec(issue.message);
    const message = missing ? `is required (${missing[1]})` : issue.message;
    return `${origin}: ${path.join('') || '(root)'}: ${message}`;
  });
}

/** Every jurisdiction must have exactly one board for each license type (a `med` board or an md + do pair). */
function coverageProblems(boards: Board[]): string[] {
  const problems: string[] = [];
  for (const state of STATE_CODES) {
    for (const type of ['MD', 'DO'] as const) {
      const covering = boards.filter((b) => b.jurisdiction === state && b.licenseTypes.includes(type));
      if (covering.length === 0) problems.push(`jurisdiction ${state}: no board licenses ${type}s`);
      if (covering.length > 1)
        problems.push(
          `jurisdiction ${state}: ${covering.map((b) => b.id).join(' and ')} both license ${type}s; keep one`,
        );
    }
  }
  return problems;
}
