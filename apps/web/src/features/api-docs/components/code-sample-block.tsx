import { API_DOCS_MESSAGES } from '@licensewatch/shared/api-docs-messages';
import { toast } from '../../../components/ui/toast';
import { CodeBlock } from './code-block';

type CodeSampleBlockProps = { code: string; languageLabel: string };

/** The generated program, scrollable and focusable (keyboard users scroll it too), with Copy. */
export function CodeSampleBlock({ code, languageLabel }: CodeSampleBlockProps) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      void toast.success(API_DOCS_MESSAGES.codeCopied);
    } catch {
      void toast.error(API_DOCS_MESSAGES.codeCopyFailed);
    }
  }

  return (
    <div className="overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      <div className="flex items-center justify-between border-b border-slate-700 px-3 py-1.5">
        <span className="text-xs font-semibold tracking-wide text-slate-300 uppercase">{languageLabel}</span>
        <button
          type="button"
          onClick={copy}
          aria-label={`Copy ${languageLabel} code`}
          className="rounded-md px-3 py-1 text-sm font-semibold text-slate-100 hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-400"
        >
          Copy
        </button>
      </div>
      <CodeBlock label={`${languageLabel} code sample`} dark className="max-h-80">
        <code>{code}</code>
      </CodeBlock>
    </div>
  );
}
