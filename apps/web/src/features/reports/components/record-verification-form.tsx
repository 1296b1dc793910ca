import { LICENSE_STATUSES, type LicenseStatus, licenseStatusLabel } from '@licensewatch/shared/licenses';
import {
  checkEvidenceFile,
  EVIDENCE_ACCEPT,
  MANUAL_VERIFICATION_MESSAGES as M,
  proposeLicenseStatus,
  type RecordManualVerificationInput,
  recordManualVerificationSchema,
} from '@licensewatch/shared/manual-verification';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { InputField, SelectField, TextareaField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { formatFileSize } from '../../../lib/format';
import { readAsBase64 } from '../../../lib/read-as-base64';
import { useRecordManualVerification } from '../api/record-manual-verification';
import {
  earliestCheckDay,
  fieldErrors,
  latestCheckDay,
  refusalField,
  type VerificationField,
} from '../manual-verification-display';

type Props = {
  reportId: string;
  /** The state as the API names it ('Hawaii'). */
  state: string;
  boardName: string;
  /** The number last verified in the state, offered as the start of the field. */
  licenseNumber: string | null;
  onRecorded: () => void;
};

const failure = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');

/**
 * What the person read on the board's look-up (docs/product-rules.md, Verification by hand): the
 * number, the board's words and what they mean (proposed from the words), the dates, discipline, the
 * day checked, and the evidence (PDF, PNG or JPEG, at most 5 MB — checked here by its first bytes, as
 * the server checks it again). A refusal keeps everything typed and says what to fix, under the field
 * it names.
 */
export function RecordVerificationForm({ reportId, state, boardName, licenseNumber, onRecorded }: Props) {
  const record = useRecordManualVerification(reportId);
  const headingId = useId();
  const fileHintId = useId();
  const [values, setValues] = useState({
    license_number: licenseNumber ?? '',
    board_status_text: '',
    issued: '',
    expires: '',
    discipline: '',
    checked_on: latestCheckDay(),
  });
  const [status, setStatus] = useState<LicenseStatus>('unknown');
  // Until the person picks a status, it follows the words they type.
  const [statusChosen, setStatusChosen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<VerificationField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const busy = reading || record.isPending;

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field === 'board_status_text' && !statusChosen) setStatus(proposeLicenseStatus(value));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!file) {
      setErrors({ evidence: 'Attach the evidence file (a PDF or a screenshot)' });
      return;
    }
    setReading(true);
    let body: RecordManualVerificationInput;
    try {
      const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
      const refusal = checkEvidenceFile(head, file.size);
      if (refusal) {
        setErrors({ evidence: refusalField(refusal).message });
        return;
      }
      body = {
        state,
        ...values,
        discipline: values.discipline || null,
        status,
        evidence: { file_name: file.name, content: await readAsBase64(file) },
      };
    } catch (error) {
      setErrors({ evidence: failure(error) });
      return;
    } finally {
      setReading(false);
    }
    const parsed = recordManualVerificationSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await record.mutateAsync(body);
      toast.success(M.recorded(state));
      onRecorded();
    } catch (error) {
      const { field, message } = refusalField(failure(error));
      if (field) setErrors({ [field]: message });
      else setFormError(message);
      toast.error(M.recordFailed(message));
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={headingId}
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
      data-testid="record-verification-form"
    >
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        Record what the {boardName} shows for {state}
      </h4>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="License number"
          value={values.license_number}
          onChange={(e) => set('license_number')(e.target.value)}
          error={errors.license_number}
          autoComplete="off"
          required
        />
        <InputField
          label="Status, as the board words it"
          value={values.board_status_text}
          onChange={(e) => set('board_status_text')(e.target.value)}
          error={errors.board_status_text}
          hint="For example “Active - Clear” or “PROBATION/ACTIVE”."
          autoComplete="off"
          required
        />
        <SelectField
          label="What that status means"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as LicenseStatus);
            setStatusChosen(true);
          }}
          error={errors.status}
          hint={statusChosen ? undefined : 'Proposed from the board’s words: change it if they mean otherwise.'}
        >
          {LICENSE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {licenseStatusLabel(s)}
            </option>
          ))}
        </SelectField>
        <InputField
          label="Date checked"
          type="date"
          value={values.checked_on}
          min={earliestCheckDay()}
          max={latestCheckDay()}
          onChange={(e) => set('checked_on')(e.target.value)}
          error={errors.checked_on}
          required
        />
        <InputField
          label="Issued"
          type="date"
          optional
          value={values.issued}
          onChange={(e) => set('issued')(e.target.value)}
          error={errors.issued}
        />
        <InputField
          label="Expires"
          type="date"
          optional
          value={values.expires}
          onChange={(e) => set('expires')(e.target.value)}
          error={errors.expires}
        />
      </div>
      <TextareaField
        label="Discipline"
        optional
        rows={2}
        value={values.discipline}
        onChange={(e) => set('discipline')(e.target.value)}
        error={errors.discipline}
        hint="Any board action or order the page lists."
      />
      <div className="space-y-1.5">
        <label htmlFor={`${fileHintId}-input`} className="block text-sm font-medium text-slate-800">
          Evidence (the board’s page as a PDF or a screenshot)
        </label>
        <input
          id={`${fileHintId}-input`}
          type="file"
          accept={EVIDENCE_ACCEPT}
          aria-describedby={fileHintId}
          aria-invalid={errors.evidence ? true : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setErrors((current) => ({ ...current, evidence: undefined }));
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-10 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-50"
        />
        <p
          id={fileHintId}
          aria-live="polite"
          className={errors.evidence ? 'text-sm text-red-700' : 'text-xs text-slate-600'}
        >
          {errors.evidence ??
            (file ? `${file.name} · ${formatFileSize(file.size)}` : 'PDF, PNG or JPEG, at most 5 MB.')}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={busy}>
          {busy ? 'Recording…' : 'Record verification'}
        </Button>
        <p className="text-xs text-slate-600">It becomes this license’s data, verified by hand by you.</p>
      </div>
    </form>
  );
}
