import { MANUAL_VERIFICATION_MESSAGES as M } from '@licensewatch/shared/manual-verification';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';

/**
 * Copies `text` for pasting into a board's look-up form; says so on the button for a moment (and to a
 * screen reader through the button's live name), or, where the browser refuses the clipboard, how to copy.
 */
export function CopyTextButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(M.copied(what));
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error(M.copyFailed);
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={copy} aria-label={`Copy ${what.toLowerCase()}: ${text}`}>
      <svg
        viewBox="0 0 20 20"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <rect x="7" y="7" width="9" height="10" rx="1.5" />
        <path d="M4 13V4.5A1.5 1.5 0 0 1 5.5 3H12" strokeLinecap="round" />
      </svg>
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
