import { MESSAGES } from '@licensewatch/shared/messages';
import { isValidNpi } from '@licensewatch/shared/npi';
import type { Report } from '@licensewatch/shared/reports';
import { ROSTER_IMPORT_MESSAGES } from '@licensewatch/shared/roster-import-messages';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { useSetReportNpi } from '../api/set-report-npi';
import { NpiSuggestions } from './npi-suggestions';

const failure = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.general.fallback);

/**
 * The physician's NPI on the report page, which a member may add, change or remove, or pick from
 * what NPPES lists under the report's name: with it, the exclusion screening settles name-only
 * matches by NPI (the server screens again on save).
 */
export function ReportNpi({ report, canChange }: { report: Report; canChange: boolean }) {
  const save = useSetReportNpi(report.id);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [finding, setFinding] = useState(false);
  const suggestionsId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const findButton = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  // The field replaces the button that opened it, and back: focus follows once the swap is rendered.
  const focusNext = useRef<'field' | 'button' | 'find' | null>(null);
  useEffect(() => {
    if (focusNext.current === 'field') field.current?.focus();
    if (focusNext.current === 'button') editButton.current?.focus();
    if (focusNext.current === 'find') findButton.current?.focus();
    focusNext.current = null;
  });

  const open = () => {
    setValue(report.npi ?? '');
    setEditing(true);
    setFinding(false);
    focusNext.current = 'field';
  };
  const close = () => {
    setEditing(false);
    setError(undefined);
    focusNext.current = 'button';
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const npi = value.replace(/[\s-]/g, '');
    if (!isValidNpi(npi)) return setError(ROSTER_IMPORT_MESSAGES.npiInvalid);
    setError(undefined);
    try {
      await save.mutateAsync(npi);
      toast.success(`NPI ${npi} saved; the exclusion lists were checked again.`);
      close();
    } catch (e) {
      setError(failure(e));
    }
  };
  const remove = async () => {
    try {
      await save.mutateAsync(null);
      toast.success('NPI removed; the exclusion lists were checked again.');
      // The Remove button (focused) is gone now: the one that adds an NPI takes focus.
      editButton.current?.focus();
    } catch (e) {
      toast.error(failure(e));
    }
  };

  if (editing) {
    return (
      <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2" data-testid="report-npi-form">
        <InputField
          label="Physician's NPI"
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          ref={field}
          hint="Ten digits. With it, possible matches by name are settled automatically."
          error={error}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
          className="w-full sm:w-56"
        />
        <div className="flex gap-2 sm:mt-7">
          <Button type="submit" size="sm" pending={save.isPending}>
            Save
          </Button>
          <Button type="button" size="sm" variant="secondary" disabled={save.isPending} onClick={close}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  // Only without an NPI: a report that has one is changed by hand, not by a name search.
  const showSuggestions = canChange && finding && !report.npi;
  return (
    <div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <span data-testid="report-npi" className="font-medium text-slate-900">
          {report.npi ? `NPI ${report.npi}` : 'No NPI'}
        </span>
        {canChange ? (
          <>
            <Button
              ref={editButton}
              size="sm"
              variant="secondary"
              aria-label={report.npi ? 'Change NPI' : undefined}
              onClick={open}
            >
              {report.npi ? 'Change' : 'Add NPI'}
            </Button>
            {report.npi ? (
              <Button size="sm" variant="ghost" aria-label="Remove NPI" pending={save.isPending} onClick={remove}>
                Remove
              </Button>
            ) : (
              <Button
                ref={findButton}
                size="sm"
                variant="ghost"
                aria-expanded={showSuggestions}
                aria-controls={showSuggestions ? suggestionsId : undefined}
                onClick={() => setFinding(!finding)}
              >
                Find in NPPES
              </Button>
            )}
          </>
        ) : null}
      </p>
      {showSuggestions ? (
        <NpiSuggestions
          report={report}
          id={suggestionsId}
          onUsed={() => {
            // The button used is gone with the list: the NPI's Change button takes focus.
            setFinding(false);
            focusNext.current = 'button';
          }}
          onClose={() => {
            setFinding(false);
            focusNext.current = 'find';
          }}
        />
      ) : null}
    </div>
  );
}
