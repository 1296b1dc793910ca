import { useEffect, useRef } from 'react';
import { Progress } from '../../../components/ui/progress';
import { useUpdateStatus } from '../api/get-update-status';
import { isUpdating, progressPercent, UPDATE_NOTE } from '../update-progress';

type UpdateProgressBarProps = {
  reportId: string;
  /** Called once when a running update finishes, so the caller can reload what it changed. */
  onComplete?: () => void;
  enabled?: boolean;
};

/** A bar with percent and the waiting note while the report's update runs (docs/product-rules.md, Update progress). */
export function UpdateProgressBar({ reportId, onComplete, enabled = true }: UpdateProgressBarProps) {
  const status = useUpdateStatus(reportId, enabled);
  const updating = isUpdating(status.data);
  const wasUpdating = useRef(false);
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;

  useEffect(() => {
    if (wasUpdating.current && !updating && status.data) onCompleteRef.current?.();
    wasUpdating.current = updating;
  }, [updating, status.data]);

  if (!updating || !status.data) return null;
  const percent = progressPercent(status.data.progress);
  return (
    <div className="mt-2 space-y-1">
      <div className="flex items-center gap-3">
        <Progress value={percent} label="Report update progress" className="max-w-xs" />
        <span className="text-xs font-semibold text-teal-800 tabular-nums">{percent}%</span>
      </div>
      <p className="text-xs text-slate-600">Updating licenses… {UPDATE_NOTE}</p>
    </div>
  );
}
