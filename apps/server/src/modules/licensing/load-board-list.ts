import {
  BOARD_LIST_DELIMITERS,
  BOARD_LIST_REJECTED_SHOWN,
  type BoardListResult,
  type loadBoardListSchema,
  BOARD_LIST_MESSAGES as M,
} from '@licensewatch/shared/board-lists';
import type { z } from 'zod';
import type { Platform } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { type BoardWith, boardSchema } from './config/board-config.ts';
import { DelimitedFileSource } from './delimited-file-source.ts';
import { ingestBulkFile } from './ingest/ingest-bulk-file.ts';
import type { LicenseBoard, LicenseSources } from './license-sources.ts';
import { type BulkFileItem, SourceError } from './types.ts';

export type LoadBoardListInput = z.output<typeof loadBoardListSchema>;

/**
 * A board's list an operator loads from a file (docs/sources.md, Lists an operator loads): read with
 * the columns they mapped, through the same reading and validation as a downloaded bulk file, merged
 * into the registry as the board's public licenses. Always checked first, storing nothing: a file
 * the reader cannot take (a missing column, no row of the board's) is refused (400) with why, and
 * never marks the board unavailable. `check_only` stops there, answering what loading would do.
 * Only a list the operator calls complete records licenses it no longer holds as removed.
 */
export async function loadBoardList(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'>,
  { boards, sourceFor }: Pick<LicenseSources, 'boards' | 'sourceFor'>,
  input: LoadBoardListInput,
): Promise<BoardListResult> {
  const board = boards.find((b) => b.id === input.board_id);
  if (!board) throw AppError.validation(`board_id: ${M.unknownBoard}`);
  if (board.licenceTermsPending)
    throw AppError.validation(`board_id: ${M.licenceTerms(board.name, board.licenceTermsPending)}`);
  const source = input.layout === 'published' ? publishedReader(board, sourceFor) : mappedReader(board, input);
  const bytes = Buffer.from(input.content, 'base64');
  if (bytes.length === 0) throw AppError.validation('content: The file is empty');

  const rejected: { row: number; reason: string }[] = [];
  async function* read(): AsyncIterable<BulkFileItem> {
    rejected.length = 0;
    for await (const item of source.readBulkFile(once(bytes))) {
      if ('error' in item && rejected.length < BOARD_LIST_REJECTED_SHOWN) rejected.push(item.error);
      yield item;
    }
  }
  const run = (dryRun: boolean) =>
    ingestBulkFile(ctx, {
      boardId: board.id,
      jurisdiction: board.jurisdiction,
      sourceKind: 'delimited-file',
      items: read(),
      dryRun,
      complete: input.complete,
    });

  let checked: Awaited<ReturnType<typeof run>>;
  let loaded: Awaited<ReturnType<typeof run>> | null = null;
  try {
    checked = await run(true);
    if (!input.check_only) loaded = await run(false);
  } catch (error) {
    // What the reader could not take is the file's fault, said to the operator; nothing was stored.
    if (error instanceof SourceError) throw AppError.validation(`file: ${error.failure.message}`);
    throw error;
  }
  const outcome = loaded ?? checked;
  // What loading changes is what the check, read a moment before, found would change.
  const compared = checked.dryRun ?? { wouldInsert: 0, wouldUpdate: 0, unchanged: 0 };
  return {
    board_id: board.id,
    board_name: board.name,
    check_only: input.check_only,
    status: outcome.status,
    rows_read: outcome.rowsRead,
    rows_rejected: outcome.rowsRejected,
    licenses_new: compared.wouldInsert,
    licenses_changed: compared.wouldUpdate,
    licenses_unchanged: compared.unchanged,
    licenses_removed: loaded?.licensesRemoved ?? 0,
    rejected,
    unknown_values: (outcome.unknownValues ?? []).flatMap((u) =>
      u.samples.map((v) => ({
        field: u.field === 'licenseType' ? 'license type' : 'status',
        value: v.value,
        rows: v.rows,
      })),
    ),
    error: outcome.error,
  };
}

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

/**
 * The board's own file reader, as its configuration reads the file it publishes (a CSV, a ZIP, a
 * workbook): for a file a person downloaded because no machine may or can (Ohio's export, Missouri's
 * portal). Its prerequisites (an address, an account) are the download's, not the reading's.
 */
function publishedReader(board: LicenseBoard, sourceFor: LicenseSources['sourceFor']): DelimitedFileSource {
  const source = sourceFor(board.id);
  if (!(source instanceof DelimitedFileSource)) throw AppError.validation(`layout: ${M.noPublishedLayout(board.name)}`);
  return source;
}

/** The board as a delimited-file source reading the operator's file with the columns they mapped. */
function mappedReader(board: LicenseBoard, input: LoadBoardListInput): DelimitedFileSource {
  // The schema asks a mapped list for these; read here only once it has them.
  const { license_type: licenseType, delimiter, date_format: dateFormat, columns: c } = input;
  if (!licenseType || !delimiter || !dateFormat || !c) throw AppError.validation("columns: Map the list's columns");
  const types = licenseType === 'either' ? ['MD', 'DO'] : [licenseType];
  if (!types.every((t) => board.licenseTypes.includes(t as 'MD' | 'DO')))
    throw AppError.validation(`license_type: ${M.wrongType(board.name, board.licenseTypes.join(' and '))}`);
  return new DelimitedFileSource(
    listBoard(board, {
      ...input,
      license_type: licenseType,
      delimiter,
      date_format: dateFormat,
      columns: c,
    }) as BoardWith<'delimited-file'>,
  );
}

type MappedInput = LoadBoardListInput &
  Required<Pick<LoadBoardListInput, 'license_type' | 'delimiter' | 'date_format' | 'columns'>>;

/** The board as a delimited-file source configuration for the operator's file with their columns. */
function listBoard(board: LicenseBoard, input: MappedInput) {
  const c = input.columns;
  const parsed = boardSchema.safeParse({
    id: board.id,
    jurisdiction: board.jurisdiction,
    name: board.name,
    website: board.lookupUrl,
    lookupUrl: board.lookupUrl,
    licenseTypes: board.licenseTypes,
    source: {
      kind: 'delimited-file',
      // Never fetched: the rows come from the operator's file (readBulkFile).
      url: board.lookupUrl,
      delimiter: BOARD_LIST_DELIMITERS[input.delimiter],
      headerStartsWith: input.header_starts_with || undefined,
      columns: {
        licenseNumber: c.license_number,
        lastName: c.last_name,
        firstName: c.first_name,
        middleName: c.middle_name,
        suffix: c.suffix,
        name: c.name,
        status: c.status,
        issueDate: c.issue_date,
        expiryDate: c.expiry_date,
        discipline: c.discipline,
      },
      nameOrder: input.name_order,
      fixedLicenseType: input.license_type,
      dateFormat: input.date_format,
    },
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw AppError.validation(`${issue?.path.slice(1).join('.') ?? 'file'}: ${issue?.message ?? 'cannot be read'}`);
  }
  return parsed.data;
}
