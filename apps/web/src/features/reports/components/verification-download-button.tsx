import { MESSAGES } from '@licensewatch/shared/messages';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useDownloadVerification } from '../api/download-verification';

function DocumentIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M6 2h6l4 4v12H6zM12 2v4h4M9 12l2 2 3-4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * "Download verification": a PDF proof of the report's tracked licenses, or of one license, with
 * a verification id anyone can check at /verify/{id} (docs/product-rules.md, Verification).
 */
export function VerificationDownloadButton({
  reportId,
  licenseId,
  accessibleName,
}: {
  reportId: string;
  licenseId?: string;
  /** What the button says to a screen reader when the visible label is not enough. */
  accessibleName?: string;
}) {
  const download = useDownloadVerification();
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={accessibleName}
      disabled={download.isPending}
      onClick={() =>
        download.mutate(
          { reportId, licenseId },
          {
            onSuccess: (id) => toast.success(`Verification ${id} downloaded`),
            onError: (error) => toast.error(MESSAGES.reports.verificationFailed(error.message)),
          },
        )
      }
    >
      <DocumentIcon />
      {download.isPending ? 'Preparing…' : 'Download verification'}
    </Button>
  );
}
