import {
  BOARD_LIST_DATE_FORMAT_LABELS,
  BOARD_LIST_DATE_FORMATS,
  BOARD_LIST_DELIMITER_LABELS,
  BOARD_LIST_FIELD_LABELS,
  BOARD_LIST_FIELDS,
  BOARD_LIST_MAX_BYTES,
  type BoardListDelimiter,
  type BoardListField,
  type LoadBoardListInput,
  suggestColumn,
} from '@licensewatch/shared/board-lists';
import { type FormEvent, useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField, InputField, SelectField } from '../../../components/ui/form-field';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { formatFileSize } from '../../../lib/format';
import { readAsBase64 } from '../../../lib/read-as-base64';
import { type AdminBoard, useBoards } from '../api/get-boards';
import { useLoadBoardList } from '../api/load-board-list';
import { type ListHeader, readListHeader } from '../read-list-header';
import { AdminSection } from './admin-section';
import { BoardListResultPanel } from './board-list-result';

const METHOD_WORDS: Record<AdminBoard['method'], string> = {
  bulk: 'read in bulk',
  lookup: 'searched',
  manual: 'verified by hand',
  off: 'source off',
};

type Columns = Partial<Record<BoardListField, string>>;
type LicenseType = NonNullable<LoadBoardListInput['license_type']>;
type Layout = NonNullable<LoadBoardListInput['layout']>;

const failure = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');

function suggestedColumns(header: ListHeader): Columns {
  const columns: Columns = {};
  for (const field of BOARD_LIST_FIELDS) {
    const found = suggestColumn(field, header.columns);
    if (found && !Object.values(columns).includes(found)) columns[field] = found;
  }
  // A whole-name column only when the list has no separate names.
  if (columns.last_name && columns.first_name) delete columns.name;
  return columns;
}

/**
 * A board's list an operator loads from a file (docs/sources.md, Lists an operator loads): a list a
 * board sells, a paid extract, or a file only a person may download. The columns are mapped here;
 * the server reads the file like any bulk file, checks it first (nothing stored), then loads it.
 */
export function AdminBoardListsPage() {
  const boards = useBoards();
  const load = useLoadBoardList();
  const [boardId, setBoardId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [header, setHeader] = useState<ListHeader | null>(null);
  const [delimiter, setDelimiter] = useState<BoardListDelimiter>('comma');
  const [headerStartsWith, setHeaderStartsWith] = useState('');
  const [columns, setColumns] = useState<Columns>({});
  const [licenseType, setLicenseType] = useState<LicenseType>('either');
  const [dateFormat, setDateFormat] = useState<LoadBoardListInput['date_format']>('mm/dd/yyyy');
  const [complete, setComplete] = useState(false);
  // A board whose published file the product reads is read as published unless the operator maps it.
  const [mapColumns, setMapColumns] = useState(false);
  // The request a successful check was for: loading is offered for that list as checked, not another.
  const [checkedFor, setCheckedFor] = useState<string | null>(null);

  const board = boards.data?.find((b) => b.board_id === boardId);
  const layout: Layout = board?.published_file && !mapColumns ? 'published' : 'mapped';
  const typeChoices: LicenseType[] = board
    ? board.license_types.length === 2
      ? ['either', 'MD', 'DO']
      : [board.license_types[0] as LicenseType]
    : ['either', 'MD', 'DO'];

  /** Takes the file; a list whose columns are mapped has its header read here to suggest them. */
  async function chooseFile(chosen: File | null, readAs: Layout = layout) {
    setFile(chosen);
    setHeader(null);
    setFileError(null);
    setCheckedFor(null);
    load.reset();
    if (!chosen) return;
    if (chosen.size > BOARD_LIST_MAX_BYTES) {
      setFileError('The file is larger than 20 MB');
      return;
    }
    if (readAs === 'published') return;
    if (/\.(zip|xlsx)$/i.test(chosen.name)) {
      setFileError('A ZIP or a workbook is read only as its board publishes it: choose a CSV or text list to map');
      return;
    }
    const found = readListHeader(await chosen.slice(0, 64 * 1024).text());
    if (!found) {
      setFileError('No header of three or more columns in the first lines: is this a CSV, tab or pipe list?');
      return;
    }
    setHeader(found);
    setDelimiter(found.delimiter);
    setHeaderStartsWith(found.startsWith ?? '');
    setColumns(suggestedColumns(found));
  }

  const chosenType = typeChoices.includes(licenseType) ? licenseType : (typeChoices[0] as LicenseType);
  const request = useMemo(
    () =>
      layout === 'published'
        ? { board_id: boardId, file_name: file?.name ?? '', layout, complete }
        : {
            board_id: boardId,
            file_name: file?.name ?? '',
            layout,
            delimiter,
            header_starts_with: headerStartsWith.trim() || undefined,
            columns: { ...columns, license_number: columns.license_number ?? '' },
            license_type: chosenType,
            date_format: dateFormat,
            complete,
          },
    [boardId, file, layout, delimiter, headerStartsWith, columns, chosenType, dateFormat, complete],
  );
  const readable = layout === 'published' ? file !== null && !fileError : header !== null;
  const requestKey = JSON.stringify(request);

  async function submit(checkOnly: boolean) {
    if (!file) return;
    try {
      const content = await readAsBase64(file);
      const result = await load.mutateAsync({ ...request, content, check_only: checkOnly });
      if (checkOnly) setCheckedFor(result.status === 'failed' ? null : requestKey);
      else {
        setCheckedFor(null);
        toast.success(`List of ${result.board_name} loaded`);
      }
    } catch {
      // The mutation's error is shown beside the buttons.
    }
  }

  // Asked whichever way the file is read.
  const completeField = (
    <CheckboxField
      label="This is the board's complete list: licenses it no longer holds are recorded as removed"
      checked={complete}
      onChange={(e) => {
        setComplete(e.target.checked);
        setCheckedFor(null);
      }}
    />
  );

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    void submit(true);
  };

  if (boards.isPending) return <PageSpinner label="Loading the boards…" />;
  if (boards.isError) return <Alert tone="error">The boards could not be loaded. Reload the page to try again.</Alert>;

  return (
    <AdminSection
      title="Board lists"
      description="Load a board's list of licenses from a file: a list a board sells (Mississippi, Nebraska), a paid extract, or a file only a person may download. It is read and validated like any list the product downloads; check it first, then load it."
    >
      <form onSubmit={onCheck} className="space-y-6" noValidate>
        <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-2">
          <SelectField
            label="Board"
            value={boardId}
            onChange={(e) => {
              setBoardId(e.target.value);
              setMapColumns(false);
              setCheckedFor(null);
              const next = boards.data?.find((b) => b.board_id === e.target.value);
              if (file) void chooseFile(file, next?.published_file ? 'published' : 'mapped');
            }}
            required
          >
            <option value="">Choose a board…</option>
            {boards.data.map((b) => (
              <option key={b.board_id} value={b.board_id}>
                {b.state_name} · {b.name} ({METHOD_WORDS[b.method]})
              </option>
            ))}
          </SelectField>
          <div className="space-y-1.5">
            <label htmlFor="board-list-file" className="block text-sm font-medium text-slate-800">
              List file
            </label>
            <input
              id="board-list-file"
              type="file"
              accept={
                layout === 'published'
                  ? '.csv,.txt,.tsv,.zip,.xlsx,text/csv,text/plain,text/tab-separated-values,application/zip'
                  : '.csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values'
              }
              aria-describedby="board-list-file-hint"
              onChange={(e) => void chooseFile(e.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-50"
            />
            <p
              id="board-list-file-hint"
              className={fileError ? 'text-sm text-red-700' : 'text-xs text-slate-500'}
              role={fileError ? 'alert' : undefined}
            >
              {fileError ??
                (file
                  ? `${file.name} · ${formatFileSize(file.size)}`
                  : layout === 'published'
                    ? 'The file as the board publishes it (CSV, text, ZIP or workbook), at most 20 MB.'
                    : 'CSV, tab- or pipe-separated text, at most 20 MB.')}
            </p>
          </div>
          {board?.published_file ? (
            <SelectField
              label="Read the file"
              hint="The product knows the layout of the file this board publishes."
              value={mapColumns ? 'mapped' : 'published'}
              onChange={(e) => {
                const next: Layout = e.target.value === 'mapped' ? 'mapped' : 'published';
                setMapColumns(next === 'mapped');
                if (file) void chooseFile(file, next);
              }}
            >
              <option value="published">As the board publishes it</option>
              <option value="mapped">With columns I map</option>
            </SelectField>
          ) : null}
        </div>

        {layout === 'published' && file && !fileError ? (
          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <p className="mb-3 text-sm text-slate-600">
              Read in the layout the {board?.name} publishes: its columns, codes and dates, as the product reads its
              downloads.
            </p>
            {completeField}
          </div>
        ) : null}

        {layout === 'mapped' && header ? (
          <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <legend className="px-1 text-base font-semibold text-slate-900">Columns</legend>
            <p className="text-sm text-slate-600">
              Which column of the file holds each field. Suggested from the header; a field the list lacks stays “not in
              the list”.
            </p>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {BOARD_LIST_FIELDS.map((field) => (
                <SelectField
                  key={field}
                  label={BOARD_LIST_FIELD_LABELS[field]}
                  value={columns[field] ?? ''}
                  onChange={(e) => {
                    setColumns({ ...columns, [field]: e.target.value || undefined });
                    setCheckedFor(null);
                  }}
                >
                  <option value="">Not in the list</option>
                  {header.columns.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </SelectField>
              ))}
            </div>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <SelectField
                label="Separator"
                value={delimiter}
                onChange={(e) => {
                  setDelimiter(e.target.value as BoardListDelimiter);
                  setCheckedFor(null);
                }}
              >
                {Object.entries(BOARD_LIST_DELIMITER_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectField>
              <InputField
                label="Header starts with"
                optional
                hint="When lines come before the header."
                value={headerStartsWith}
                onChange={(e) => {
                  setHeaderStartsWith(e.target.value);
                  setCheckedFor(null);
                }}
              />
              <SelectField
                label="Dates are written"
                value={dateFormat}
                onChange={(e) => {
                  setDateFormat(e.target.value as LoadBoardListInput['date_format']);
                  setCheckedFor(null);
                }}
              >
                {BOARD_LIST_DATE_FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {BOARD_LIST_DATE_FORMAT_LABELS[f]}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="The list licenses"
                value={request.license_type}
                onChange={(e) => {
                  setLicenseType(e.target.value as LicenseType);
                  setCheckedFor(null);
                }}
              >
                {typeChoices.map((t) => (
                  <option key={t} value={t}>
                    {t === 'either' ? 'MDs and DOs' : `${t}s only`}
                  </option>
                ))}
              </SelectField>
            </div>
            {completeField}
          </fieldset>
        ) : null}

        {load.isError ? <Alert tone="error">{failure(load.error)}</Alert> : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!file || !readable || !boardId || load.isPending}>
            Check the list
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={checkedFor !== requestKey || load.isPending}
            onClick={() => void submit(false)}
          >
            Load the list
          </Button>
          {load.isPending ? (
            <span role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="text-teal-700" />
              Reading the list: a large one takes a minute…
            </span>
          ) : null}
          {!load.isPending && checkedFor !== requestKey && file && readable && boardId ? (
            <p className="text-sm text-slate-600">Check the list to load it.</p>
          ) : null}
        </div>
      </form>
      {load.data && !load.isPending ? (
        <div className="mt-6">
          <BoardListResultPanel result={load.data} />
        </div>
      ) : null}
    </AdminSection>
  );
}
