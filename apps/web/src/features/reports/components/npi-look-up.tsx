import { isValidNpi } from '@licensewatch/shared/npi';
import type { NpiLookup } from '@licensewatch/shared/roster-import';
import { ROSTER_IMPORT_MESSAGES } from '@licensewatch/shared/roster-import-messages';
import { type FormEvent, type Ref, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/form-field';
import { useLookUpNpi } from '../api/look-up-npi';

/**
 * The new-report form's NPI field: "Look up" asks NPPES (through our server) and hands the
 * physician's name, license type and states to the form. Optional: the form works without it.
 * The form owns the value: it is sent with the report, whose exclusion screening then matches
 * by NPI rather than by name alone.
 */
export function NpiLookUp({
  value: npi,
  onChange,
  error: formError,
  inputRef,
  onFound,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The form's own message for the field (the schema's, on submit). */
  error?: string | undefined;
  /** The form focuses the field when its value is refused. */
  inputRef?: Ref<HTMLInputElement>;
  onFound: (found: NpiLookup) => void;
}) {
  const lookUp = useLookUpNpi();
  const [error, setError] = useState<string>();
  const [found, setFound] = useState<string>();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const value = npi.replace(/[\s-]/g, '');
    if (!isValidNpi(value)) return setError(ROSTER_IMPORT_MESSAGES.npiInvalid);
    setError(undefined);
    lookUp.mutate(value, {
      onSuccess: (answer) => {
        setFound(`Filled in from NPPES: ${answer.first_name} ${answer.last_name}, ${answer.license_type}`);
        onFound(answer);
      },
      onError: (e) => {
        setFound(undefined);
        setError(e.message);
      },
    });
  };
  return (
    <div className="flex flex-wrap items-start gap-3">
      <InputField
        ref={inputRef}
        label="NPI"
        optional
        inputMode="numeric"
        autoComplete="off"
        maxLength={14}
        hint={
          found ??
          'Look up a physician by NPI to fill in their name, license type and states. Kept with the report to check the exclusion lists by NPI.'
        }
        error={error ?? formError}
        value={npi}
        onChange={(e) => {
          // A look-up's complaint is about the number it was given, not the one being typed.
          setError(undefined);
          onChange(e.target.value);
        }}
        onKeyDown={(e) => {
          // Enter looks up instead of submitting the whole report form.
          if (e.key === 'Enter') submit(e);
        }}
        className="sm:w-56"
      />
      <Button type="button" variant="secondary" className="sm:mt-7" pending={lookUp.isPending} onClick={() => submit()}>
        {lookUp.isPending ? 'Looking up…' : 'Look up'}
      </Button>
    </div>
  );
}
