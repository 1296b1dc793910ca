import { z } from 'zod';
import { SOURCE_METHODS } from './license-sources.ts';
import { LICENSE_TYPES } from './licenses.ts';

/** GET /api/v2/states/available: the 51 jurisdiction names, in the order the UI lists them. */
export const availableStatesResponseSchema = z.array(z.string());
export type AvailableStatesResponse = z.infer<typeof availableStatesResponseSchema>;

/** One board of a jurisdiction: how the product reads it and whether it can right now (docs/sources.md). */
export const stateBoardSchema = z.object({
  board_id: z.string(),
  name: z.string(),
  /** What it licenses: MD, DO, or both. */
  license_types: z.array(z.enum(LICENSE_TYPES)),
  /** bulk, lookup, manual (a person verifies by hand) or off (no source read). */
  method: z.enum(SOURCE_METHODS),
  /** What the method means for the reader, in a sentence. */
  meaning: z.string(),
  /** Why the board is verified by hand or off; null for a board a machine reads. */
  detail: z.string().nullable(),
  /** The board's public look-up, where a person checks a license. */
  lookup_url: z.string(),
  /** A board a machine should read that cannot be read now: "source unavailable", never "no licenses found". */
  source_unavailable: z.boolean(),
  /** When a probe last found the board answering as configured; null when never. */
  verified_at: z.string().nullable(),
  /**
   * The product reads the board from a file the board publishes (CSV, ZIP, workbook): an operator may
   * load a copy a person downloaded, read as published (docs/sources.md, Lists an operator loads).
   */
  published_file: z.boolean(),
});
export type StateBoard = z.infer<typeof stateBoardSchema>;

/**
 * A jurisdiction's availability: false = Site Not Available (a board a machine reads cannot be read
 * now), true = Confirmed (docs/product-rules.md); and each of its boards.
 */
export const stateStatusSchema = z.object({
  state_name: z.string(),
  status: z.boolean(),
  boards: z.array(stateBoardSchema),
});
export type StateStatus = z.infer<typeof stateStatusSchema>;

/** GET /api/v2/states/status */
export const stateStatusResponseSchema = z.object({ states: z.array(stateStatusSchema) });
export type StateStatusResponse = z.infer<typeof stateStatusResponseSchema>;
