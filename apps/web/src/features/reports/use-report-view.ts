import { useCallback, useEffect, useState } from 'react';

export type ReportView = 'table' | 'by-state';

const STORAGE_KEY = 'lw.report-view';

/**
 * The report page's layout, remembered across visits. Read in an effect, not during render, so
 * the first render always matches the default and the stored choice applies right after.
 */
export function useReportView(): [ReportView, (view: ReportView) => void] {
  const [view, setView] = useState<ReportView>('table');
  useEffect(() => {
    try {
      if (window.localStorage.getItem(STORAGE_KEY) === 'by-state') setView('by-state');
    } catch {
      // Storage can be blocked (private mode, policies): the default view then shows.
    }
  }, []);
  const choose = useCallback((next: ReportView) => {
    setView(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // See above: the choice then lasts for this page view only.
    }
  }, []);
  return [view, choose];
}
