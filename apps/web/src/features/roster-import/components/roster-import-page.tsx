import type { RosterImport, RosterPreview, RosterPreviewRow, RosterUpload } from '@licensewatch/shared/roster-import';
import {
  ROSTER_COLUMNS,
  ROSTER_IMPORT_LIMITS,
  ROSTER_IMPORT_MESSAGES,
  ROSTER_TEMPLATE_CSV,
} from '@licensewatch/shared/roster-import-messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { stackingTableHeadClass, tableHeadCellClass } from '../../../components/ui/table-styles';
import { errorText } from '../../../lib/error-text';
import { readAsBase64 } from '../../../lib/read-as-base64';
import { useCanChangeRoster } from '../../../session/can-change-roster';
import { useOrganisations } from '../../../session/get-organisations';
import { PageTitle } from '../../../session/page-title';
import { usePreviewRoster, useRosterImport, useStartRosterImport } from '../api/roster-import';

const ACTION_LABELS: Record<RosterPreviewRow['action'], string> = {
  create: 'Create',
  update: 'Update',
  unchanged: 'No change',
  error: 'Not imported',
};
const ACTION_CLASSES: Record<RosterPreviewRow['action'], string> = {
  create: 'bg-teal-50 text-teal-800 ring-teal-200',
  update: 'bg-sky-50 text-sky-800 ring-sky-200',
  unchanged: 'bg-slate-50 text-slate-700 ring-slate-200',
  error: 'bg-red-50 text-red-800 ring-red-200',
};

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([ROSTER_TEMPLATE_CSV], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'licensewatch-roster-template.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** /org/import: upload a roster, see what each row will do, import it and watch it go. */
export function RosterImportPage() {
  const organisations = useOrganisations();
  const canChange = useCanChangeRoster();
  const [upload, setUpload] = useState<RosterUpload | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewRoster();
  const start = useStartRosterImport();

  if (organisations.isPending) return <PageSpinner label="Loading…" />;
  const reset = () => {
    setUpload(null);
    setImportId(null);
    preview.reset();
    start.reset();
  };

  return (
    <Container className="py-10">
      <PageTitle title="Import a roster" />
      <PageHeader
        title="Import a roster"
        description="Upload your physicians as a CSV or Excel file: check what each row will do, then import them all at once. Importing the same file again changes nothing."
        actions={
          <Button variant="secondary" onClick={downloadTemplate}>
            Download CSV template
          </Button>
        }
      />
      {!canChange ? (
        <Alert tone="warning">Viewers cannot change the roster. Ask an owner or admin of the organization.</Alert>
      ) : importId ? (
        <ImportProgress id={importId} onAgain={reset} />
      ) : (
        <div className="space-y-6">
          <FilePicker
            busy={preview.isPending}
            onFile={async (file) => {
              start.reset();
              preview.reset();
              setUpload(null);
              // Refused here too, so a big file is not sent for nothing; the server checks again.
              if (file.size > ROSTER_IMPORT_LIMITS.maxBytes) return setFileError(ROSTER_IMPORT_MESSAGES.fileTooLarge);
              setFileError(null);
              const next = { fileName: file.name, content: await readAsBase64(file) };
              setUpload(next);
              preview.mutate(next);
            }}
          />
          {fileError ? <Alert tone="error">{fileError}</Alert> : null}
          {preview.isError ? <Alert tone="error">{errorText(preview.error)}</Alert> : null}
          {preview.data && upload ? (
            <PreviewTable
              preview={preview.data}
              starting={start.isPending}
              startError={start.isError ? errorText(start.error) : null}
              onImport={() => start.mutate(upload, { onSuccess: (started) => setImportId(started.id) })}
            />
          ) : null}
        </div>
      )}
    </Container>
  );
}

function FilePicker({ busy, onFile }: { busy: boolean; onFile: (file: File) => void }) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onFile(file);
  };
  return (
    <Card className="p-0">
      {/* The whole zone takes a dropped file; the button inside is the keyboard's and screen reader's way in. */}
      <section
        aria-label="Upload a roster file"
        className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-8 text-center transition-colors ${
          over ? 'border-teal-600 bg-teal-50' : 'border-slate-300'
        }`}
        onDragOver={(e: DragEvent) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e: DragEvent) => {
          e.preventDefault();
          setOver(false);
          take(e.dataTransfer.files);
        }}
      >
        <p className="text-base font-semibold text-slate-900">Drop your roster file here</p>
        <p id={hintId} className="text-sm text-slate-600">
          CSV or Excel (.xlsx), up to 2 MB and {ROSTER_IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows. Columns:{' '}
          {Object.values(ROSTER_COLUMNS).join(', ')}. First name, last name and license type (MD or DO) are required;
          empty states mean all 51.
        </p>
        <label htmlFor={inputId} className="sr-only">
          Roster file
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={hintId}
          className="sr-only"
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            take(e.target.files);
            e.target.value = '';
          }}
        />
        <Button type="button" onClick={() => input.current?.click()} disabled={busy}>
          {busy ? 'Checking…' : 'Choose a file'}
        </Button>
        {busy ? <Spinner label="Checking the file…" /> : null}
      </section>
    </Card>
  );
}

function PreviewTable({
  preview,
  starting,
  startError,
  onImport,
}: {
  preview: RosterPreview;
  starting: boolean;
  startError: string | null;
  onImport: () => void;
}) {
  const { counts } = preview;
  const importable = counts.create + counts.update + counts.unchanged;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {preview.file_name}: {plural(counts.total, 'row')}
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {counts.create} to create · {counts.update} to update · {counts.unchanged} unchanged ·{' '}
            <span className={counts.error ? 'font-semibold text-red-700' : ''}>{counts.error} with errors</span>
          </p>
        </div>
        <Button onClick={onImport} disabled={starting || importable === 0}>
          {starting ? 'Starting…' : `Import ${plural(importable, 'physician')}`}
        </Button>
      </div>
      {counts.error > 0 ? (
        <Alert tone="warning">
          Rows with errors are not imported. Fix them in your file and upload it again, or import the others now.
        </Alert>
      ) : null}
      {startError ? <Alert tone="error">{startError}</Alert> : null}
      <Card className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">What importing each row of {preview.file_name} will do</caption>
          <thead className={stackingTableHeadClass}>
            <tr>
              <th scope="col" className={tableHeadCellClass}>
                Row
              </th>
              <th scope="col" className={tableHeadCellClass}>
                Physician
              </th>
              <th scope="col" className={tableHeadCellClass}>
                NPI
              </th>
              <th scope="col" className={tableHeadCellClass}>
                States
              </th>
              <th scope="col" className={tableHeadCellClass}>
                Internal id
              </th>
              <th scope="col" className={tableHeadCellClass}>
                Action
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.rows.map((r) => (
              <tr key={r.row} className="block p-4 md:table-row md:p-0">
                <td className="block text-xs text-slate-500 md:table-cell md:px-4 md:py-3 md:text-sm">
                  <span className="md:hidden">Row </span>
                  {r.row}
                </td>
                <td className="block font-medium text-slate-900 md:table-cell md:px-4 md:py-3">
                  {[r.first_name, r.middle_name, r.last_name].filter(Boolean).join(' ') || '—'}
                  {r.license_type ? <span className="text-slate-600">, {r.license_type}</span> : null}
                  {r.department ? <span className="block text-xs text-slate-500">{r.department}</span> : null}
                </td>
                <td className="block md:table-cell md:px-4 md:py-3">
                  {r.npi ? <span className="md:hidden">NPI </span> : null}
                  {r.npi || <span className="hidden md:inline">—</span>}
                </td>
                <td className="block md:table-cell md:px-4 md:py-3">
                  {r.all_states ? 'All 51' : r.states.join(', ') || '—'}
                </td>
                <td className="block md:table-cell md:px-4 md:py-3">
                  {r.external_id || <span className="hidden md:inline">—</span>}
                </td>
                <td className="block pt-2 md:table-cell md:px-4 md:py-3">
                  <span
                    className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${ACTION_CLASSES[r.action]}`}
                  >
                    {ACTION_LABELS[r.action]}
                  </span>
                  {r.changes.length > 0 ? (
                    <span className="ml-2 text-xs text-slate-600">{r.changes.join(', ')}</span>
                  ) : null}
                  {r.errors.length > 0 ? (
                    <ul className="mt-1 space-y-0.5 text-xs text-red-700">
                      {r.errors.map((e) => (
                        <li key={`${e.column}:${e.message}`}>
                          Row {r.row}, {ROSTER_COLUMNS[e.column]}: {e.message}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </section>
  );
}

function ImportProgress({ id, onAgain }: { id: string; onAgain: () => void }) {
  const status = useRosterImport(id);
  if (status.isPending) return <Spinner label="Starting the import…" />;
  if (status.isError) return <Alert tone="error">{errorText(status.error)}</Alert>;
  const data: RosterImport = status.data;
  const finished = data.status === 'done' || data.status === 'failed';
  const percent = data.total_rows === 0 ? 100 : Math.round((data.processed_rows / data.total_rows) * 100);
  return (
    <Card className="max-w-2xl space-y-4 p-6">
      <h2 className="text-lg font-semibold text-slate-900">
        {finished ? (data.status === 'done' ? 'Import finished' : 'Import stopped') : `Importing ${data.file_name}…`}
      </h2>
      <div>
        <div
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={data.total_rows}
          aria-valuenow={data.processed_rows}
          aria-valuetext={`${data.processed_rows} of ${data.total_rows} rows`}
          className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-teal-700 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-2 text-sm text-slate-600">
          {data.processed_rows} of {plural(data.total_rows, 'row')} ({percent}%)
        </p>
      </div>
      <div aria-live="polite">
        {finished ? (
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            {(
              [
                ['Created', data.created],
                ['Updated', data.updated],
                ['Unchanged', data.unchanged],
                ['Not imported', data.failed + data.skipped],
              ] as const
            ).map(([label, n]) => (
              <div key={label} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-slate-600">{label}</dt>
                <dd className="text-xl font-semibold text-slate-900">{n}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
      {data.error ? <Alert tone="error">{data.error}</Alert> : null}
      {finished && data.failures.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Rows not imported</h3>
          <ul className="mt-1 space-y-0.5 text-sm text-red-700">
            {data.failures.map((f) => (
              <li key={f.row}>
                Row {f.row}: {f.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {finished && data.skipped > 0 ? (
        <p className="text-sm text-slate-600">
          {plural(data.skipped, 'row')} with errors in the file {data.skipped === 1 ? 'was' : 'were'} left out.
        </p>
      ) : null}
      {finished ? (
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={PATHS.dashboard}>View reports</ButtonLink>
          <Button variant="secondary" onClick={onAgain}>
            Import another file
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          You can leave this page: the import goes on, and the reports appear on your{' '}
          <Link to={PATHS.dashboard} className="font-medium text-teal-700 underline">
            dashboard
          </Link>
          .
        </p>
      )}
    </Card>
  );
}
