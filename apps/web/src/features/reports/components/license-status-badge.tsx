import type { ReportLicense } from '@licensewatch/shared/reports';
import { cn } from '../../../lib/cn';
import { boardWording } from '../license-display';

const TONES: Record<ReportLicense['standing'], string> = {
  active: 'bg-emerald-100 text-emerald-900',
  expiring: 'bg-emerald-100 text-emerald-900',
  expired: 'bg-red-100 text-red-900',
  // Suspended, revoked, probation…: the board's status, never shown as Active.
  attention: 'bg-violet-100 text-violet-900',
};

/**
 * The Status column: Active/Expired, or the board's own status when it needs attention, then the
 * board's wording and any discipline it publishes (docs/product-rules.md, License status).
 */
export function LicenseStatusBadge({ license }: { license: ReportLicense }) {
  const wording = boardWording(license);
  return (
    <span className="inline-flex min-w-0 flex-col items-end gap-1 md:items-start">
      <span
        className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', TONES[license.standing])}
        data-testid="license-status"
      >
        {license.status}
      </span>
      {wording ? (
        <span className="text-xs text-slate-700" data-testid="board-wording">
          <span className="text-slate-600">Board: </span>
          {wording}
        </span>
      ) : null}
      {license.discipline ? (
        <span className="text-xs text-slate-700" data-testid="license-discipline">
          <span className="text-slate-600">Discipline: </span>
          {license.discipline}
        </span>
      ) : null}
    </span>
  );
}
