import { licenseStatusLabel } from '@licensewatch/shared/licenses';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { formatCalendarDate, formatDateTime, formatFileSize } from '../../../lib/format';
import { manualEvidenceUrl, useManualVerifications } from '../api/get-manual-verifications';

const TYPE_LABELS = { 'application/pdf': 'PDF', 'image/png': 'PNG', 'image/jpeg': 'JPEG' } as const;

/**
 * A license's verifications by hand, newest first, each with what the board said, who checked it and
 * when, and its evidence to download (docs/product-rules.md, Verification by hand).
 */
export function ManualVerificationList({ reportId, licenseId }: { reportId: string; licenseId: string }) {
  const verifications = useManualVerifications(reportId, licenseId, true);
  if (verifications.isPending) return <Spinner label="Loading verifications" />;
  if (verifications.isError) return <Alert tone="error">The verifications could not be loaded.</Alert>;
  if (verifications.data.length === 0) return null;
  return (
    <section className="space-y-2" aria-label="Verifications by hand, newest first">
      <h3 className="text-sm font-semibold text-slate-900">Verified by hand</h3>
      <ol className="space-y-3">
        {verifications.data.map((v) => (
          <li key={v.id} className="border-l-2 border-orange-500 pl-3 text-sm" data-testid="manual-verification">
            <p className="text-slate-900">
              Checked on <span className="font-semibold">{formatCalendarDate(v.checked_on)}</span> by {v.verified_by}:{' '}
              <span className="break-words">“{v.board_status_text}”</span> ({licenseStatusLabel(v.status)})
            </p>
            <p className="text-xs text-slate-600">
              Expires {formatCalendarDate(v.expires, 'not given')} · recorded{' '}
              <time dateTime={v.recorded_at}>{formatDateTime(v.recorded_at)}</time>
              {v.discipline ? ` · Discipline: ${v.discipline}` : ''}
            </p>
            <p className="mt-1 text-xs">
              <a
                href={manualEvidenceUrl(reportId, v.id)}
                download={v.evidence.file_name}
                className="font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900"
              >
                Download evidence<span className="sr-only"> checked on {formatCalendarDate(v.checked_on)}</span>
              </a>{' '}
              <span className="text-slate-600">
                {v.evidence.file_name} · {TYPE_LABELS[v.evidence.type]} · {formatFileSize(v.evidence.size)}
              </span>
            </p>
            <p className="mt-0.5 font-mono text-[11px] break-all text-slate-500" title="SHA-256 of the file as stored">
              SHA-256 {v.evidence.sha256}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
