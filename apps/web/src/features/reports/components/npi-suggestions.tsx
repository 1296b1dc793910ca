import { MESSAGES } from '@licensewatch/shared/messages';
import type { Report } from '@licensewatch/shared/reports';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useNpiSuggestions } from '../api/get-npi-suggestions';
import { useSetReportNpi } from '../api/set-report-npi';
import { NO_NPI_SUGGESTIONS, npiSuggestionText } from '../npi-suggestion-display';

const failure = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.general.fallback);

/**
 * The physicians NPPES lists under the report's name, license type and states, best first, each
 * with "Use this NPI": the server screens the report again with it. Asked when this opens.
 */
export function NpiSuggestions({
  report,
  id,
  onUsed,
  onClose,
}: {
  report: Report;
  /** The panel's id, for the button that opens it (aria-controls). */
  id: string;
  /** After an NPI was saved: the report now has one, and this panel has no more to offer. */
  onUsed: () => void;
  /** Escape: back to the button that opened it. */
  onClose: () => void;
}) {
  const suggestions = useNpiSuggestions(report.id, true);
  const save = useSetReportNpi(report.id);
  const titleId = useId();

  const use = async (npi: string) => {
    try {
      await save.mutateAsync(npi);
      toast.success(`NPI ${npi} saved; the exclusion lists were checked again.`);
      onUsed();
    } catch (e) {
      toast.error(failure(e));
    }
  };

  let status = '';
  if (suggestions.isPending) status = 'Asking NPPES…';
  else if (suggestions.isSuccess)
    status =
      suggestions.data.length === 0
        ? NO_NPI_SUGGESTIONS
        : suggestions.data.length === 1
          ? 'NPPES lists one physician of this name:'
          : `NPPES lists ${suggestions.data.length} physicians of this name, most states in common first:`;

  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className="mt-2 max-w-2xl rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm"
      data-testid="npi-suggestions"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <p id={titleId} className="font-semibold text-slate-900">
        NPIs in the NPPES registry
      </p>
      {/* Always rendered, so a screen reader hears the answer arrive. */}
      <p role="status" className="mt-1 text-slate-700">
        {suggestions.isPending ? (
          <span className="inline-flex items-center gap-2">
            <Spinner className="text-teal-700" />
            {status}
          </span>
        ) : (
          status
        )}
      </p>
      {suggestions.isError ? (
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
          <p role="alert" className="text-red-700">
            We couldn&apos;t ask NPPES: {failure(suggestions.error)}
          </p>
          <Button size="sm" variant="secondary" pending={suggestions.isFetching} onClick={() => suggestions.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {suggestions.isSuccess && suggestions.data.length > 0 ? (
        <>
          <ul aria-labelledby={titleId} className="mt-2 divide-y divide-slate-100">
            {suggestions.data.map((suggestion) => {
              const textId = `${id}-${suggestion.npi}`;
              const saving = save.isPending && save.variables === suggestion.npi;
              return (
                <li
                  key={suggestion.npi}
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2"
                  data-testid="npi-suggestion"
                >
                  <span id={textId} className="min-w-0 break-words text-slate-800">
                    {npiSuggestionText(suggestion)}
                  </span>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-describedby={textId}
                    pending={saving}
                    disabled={save.isPending && !saving}
                    onClick={() => use(suggestion.npi)}
                  >
                    Use this NPI
                  </Button>
                </li>
              );
            })}
          </ul>
          <p className="mt-1 text-xs text-slate-600">
            NPPES is self-reported and matched here by name: check it is this physician before using an NPI.
          </p>
        </>
      ) : null}
    </section>
  );
}
