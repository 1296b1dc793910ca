import type { ReportLicense } from '@licensewatch/shared/reports';
import { cn } from '../../../lib/cn';
import { boardStatusNote } from '../license-display';

/** Active/Expired, plus the board's own word when it says more (docs/product-rules.md, License status). */
export function LicenseStatusBadge({ license }: { license: ReportLicense }) {
  const note = boardStatusNote(license);
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span
        className={cn(
          'rounded-full px-2 py-0.5 text-xs font-semibold',
          license.status === 'Active' ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900',
        )}
      >
        {license.status}
      </span>
      {note ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          <span className="sr-only">Board status: </span>
          {note}
        </span>
      ) : null}
    </span>
  );
}
