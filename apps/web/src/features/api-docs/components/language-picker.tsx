import { cn } from '../../../lib/cn';
import { SAMPLE_LANGUAGES, type SampleLanguageId } from '../code-sample';

type LanguagePickerProps = { value: SampleLanguageId; onChange: (id: SampleLanguageId) => void };

/** Shell, Node, Python, Ruby, PHP as a row of toggle buttons; the pressed one is the sample's language. */
export function LanguagePicker({ value, onChange }: LanguagePickerProps) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Language</legend>
      <div className="mt-1.5 flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {SAMPLE_LANGUAGES.map((language) => {
          const selected = language.id === value;
          return (
            <button
              key={language.id}
              type="button"
              aria-pressed={selected}
              onClick={() => onChange(language.id)}
              className={cn(
                'flex-1 rounded-md px-2.5 py-1.5 text-sm font-semibold transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-600',
                selected ? 'bg-white text-teal-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {language.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
