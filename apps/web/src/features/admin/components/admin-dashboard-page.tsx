import { ADMIN_INSIGHTS_TEXT, type AdminDashboard } from '@licensewatch/shared/admin-insights';
import { SOURCE_METHOD_LABELS } from '@licensewatch/shared/license-sources';
import { PLAN_LABELS } from '@licensewatch/shared/plans';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DayBarChart } from '../../../components/ui/day-bar-chart';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { tableHeadCellClass } from '../../../components/ui/table-styles';
import { formatCalendarDate, formatDateTime, formatNumber } from '../../../lib/format';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import { boardProbe, boardStatus, TONE_CLASSES, type Tone } from '../board-health-display';
import { AdminPanel } from './admin-panel';
import { AdminSection } from './admin-section';
import { formatMoney } from './format-money';
import { StatCard } from './stat-card';

/** Boards shown before "Show all": the problems come first, so these are the ones to look at. */
const BOARDS_SHOWN = 8;

function Skeleton() {
  return (
    <div role="status">
      <span className="sr-only">Loading the dashboard…</span>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-5" aria-hidden="true">
        {['users', 'plans', 'mrr', 'reports', 'alerts'].map((key) => (
          <div key={key} className="h-28 rounded-xl bg-slate-200/70 motion-safe:animate-pulse" />
        ))}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2" aria-hidden="true">
        <div className="h-72 rounded-xl bg-slate-200/70 motion-safe:animate-pulse" />
        <div className="h-72 rounded-xl bg-slate-200/70 motion-safe:animate-pulse" />
      </div>
    </div>
  );
}

function Stats({ data }: { data: AdminDashboard }) {
  const { users, plans, content, alerts } = data;
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-5">
      <StatCard label="Users" value={formatNumber(users.total)}>
        {formatNumber(users.new_this_week)} new this week · {formatNumber(users.active_30_days)} active in 30 days
      </StatCard>
      <StatCard label="Paying plans" value={formatNumber(plans.paying)}>
        {formatNumber(plans.paying_organisations)} of them organizations · {formatNumber(plans.trials)} on trial ·{' '}
        {formatNumber(plans.trials_ending_14_days)} ending within 14 days
      </StatCard>
      <StatCard label="MRR" value={formatMoney(plans.mrr_cents)}>
        {formatMoney(plans.organisations_mrr_cents)} from organizations · from the plan catalogue
      </StatCard>
      <StatCard label="Reports" value={formatNumber(content.reports)}>
        {formatNumber(content.tracked_licenses)} licenses tracked
      </StatCard>
      <StatCard label="Alerts sent" value={formatNumber(alerts.email.sent + alerts.sms.sent)}>
        In 30 days: email {formatNumber(alerts.email.sent)} sent, {formatNumber(alerts.email.failed)} failed · SMS{' '}
        {formatNumber(alerts.sms.sent)} sent, {formatNumber(alerts.sms.failed)} failed
      </StatCard>
    </dl>
  );
}

function UsageChart({ usage }: { usage: AdminDashboard['usage'] }) {
  return (
    <AdminPanel
      id="admin-usage"
      title="Usage, last 30 days"
      description="Search API calls (answered or not) and credits used (report and API credits spent), per UTC day."
    >
      <DayBarChart
        layout="grouped"
        title={`${formatNumber(usage.api_calls)} API calls · ${formatNumber(usage.credits_used)} credits used`}
        summary="Each day's calls beside its credits used, oldest day first."
        series={[
          { label: 'API calls', barClassName: 'fill-teal-700', swatchClassName: 'bg-teal-700' },
          { label: 'Credits used', barClassName: 'fill-amber-500', swatchClassName: 'bg-amber-500' },
        ]}
        days={usage.days.map((day) => ({
          date: day.date,
          values: [day.api_calls, day.credits_used],
          title: `${formatCalendarDate(day.date)}: ${day.api_calls} API calls, ${day.credits_used} credits used`,
          cells: [day.api_calls, day.credits_used],
        }))}
        columns={['Date', 'API calls', 'Credits used']}
        endLabel="Today"
      />
    </AdminPanel>
  );
}

function PlansChart({ plans }: { plans: AdminDashboard['plans'] }) {
  const max = Math.max(1, ...plans.per_plan.map((p) => p.users));
  return (
    <AdminPanel id="admin-plans" title="Plans held" description={ADMIN_INSIGHTS_TEXT.mrrDefinition}>
      <p className="-mt-2 mb-3 text-sm text-slate-600">{ADMIN_INSIGHTS_TEXT.plansScope}</p>
      <ul className="space-y-3">
        {plans.per_plan.map((plan) => (
          <li key={plan.plan_name} className="grid grid-cols-[5.5rem_1fr_auto] items-center gap-3 text-sm">
            <span className="font-medium text-slate-800">{PLAN_LABELS[plan.plan_name]}</span>
            <span className="h-3 rounded-full bg-slate-100" aria-hidden="true">
              <span
                className="block h-3 rounded-full bg-teal-700"
                style={{ width: `${plan.users === 0 ? 0 : Math.max(2, (plan.users / max) * 100)}%` }}
              />
            </span>
            <span className="text-right text-slate-700 tabular-nums">
              {formatNumber(plan.users)}
              {plan.paying > 0 ? <span className="text-slate-500"> ({formatNumber(plan.paying)} paying)</span> : null}
              {plan.organisations > 0 ? (
                <span className="block text-xs text-slate-500">
                  {formatNumber(plan.organisations)} {plan.organisations === 1 ? 'organization' : 'organizations'}
                  {plan.paying_organisations > 0 ? `, ${formatNumber(plan.paying_organisations)} paying` : ''}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </AdminPanel>
  );
}

const METHOD_CARDS = [
  { method: 'bulk', label: 'Bulk lists' },
  { method: 'lookup', label: 'Look-ups' },
  { method: 'manual', label: 'Verified by hand' },
  { method: 'off', label: 'Sources off' },
] as const;

function Badge({ text, tone }: { text: string; tone: Tone }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONE_CLASSES[tone]}`}
    >
      {text}
    </span>
  );
}

function BoardRow({ board }: { board: AdminDashboard['boards']['list'][number] }) {
  const status = boardStatus(board);
  const probe = boardProbe(board);
  return (
    <tr>
      <td className="min-w-[10rem] px-4 py-2 align-top">
        <span className="block font-medium text-slate-900">{board.name}</span>
        <span className="block text-xs text-slate-500">{board.board_id}</span>
        {board.last_error ? <span className="block text-xs text-red-700">{board.last_error}</span> : null}
      </td>
      <td className="px-4 py-2 align-top">
        <Badge {...status} />
        {board.checked_at ? (
          <span className="mt-1 block text-xs text-slate-500 tabular-nums">
            Checked {formatDateTime(board.checked_at)}
          </span>
        ) : null}
      </td>
      <td className="max-w-xs px-4 py-2 align-top">
        {probe.outcome === null ? (
          <span className="text-slate-500">Not read by a machine</span>
        ) : (
          <>
            <Badge text={probe.outcome} tone={probe.tone} />
            {board.probe ? (
              <span className="mt-1 block text-xs text-slate-500 tabular-nums">
                Probed {formatDateTime(board.probe.probed_at)}
              </span>
            ) : null}
            {board.probe?.failures?.length ? (
              <ul className="mt-1 space-y-0.5 text-xs text-red-700">
                {board.probe.failures.map((failure) => (
                  <li key={failure}>{failure}</li>
                ))}
              </ul>
            ) : null}
            {board.probe ? (
              <span className="mt-1 block text-xs text-slate-600 tabular-nums">
                Last verified {formatDateTime(probe.verified, 'never')}
              </span>
            ) : null}
          </>
        )}
      </td>
      <td className="max-w-xs px-4 py-2 align-top text-slate-700">
        <span className="block">{SOURCE_METHOD_LABELS[board.method]}</span>
        {board.method_detail ? <span className="block text-xs text-slate-500">{board.method_detail}</span> : null}
      </td>
      <td className="px-4 py-2 align-top text-slate-700">{board.jurisdiction}</td>
      <td className="px-4 py-2 align-top text-slate-700 tabular-nums">
        {formatDateTime(board.last_successful_ingest_at, 'Never')}
      </td>
    </tr>
  );
}

function BoardHealth({ boards }: { boards: AdminDashboard['boards'] }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? boards.list : boards.list.slice(0, BOARDS_SHOWN);
  return (
    <AdminPanel id="admin-boards" title="Board health" description={ADMIN_INSIGHTS_TEXT.boardsDefinition}>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <StatCard label="States Confirmed" value={formatNumber(boards.states_confirmed)} />
        <StatCard label="States Not Checked Yet" value={formatNumber(boards.states_not_checked)} />
        <StatCard label="States Site Not Available" value={formatNumber(boards.states_unavailable)} />
      </dl>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {METHOD_CARDS.map(({ method, label }) => (
          <StatCard key={method} label={label} value={formatNumber(boards.methods[method])} />
        ))}
      </dl>
      <ScrollRegion label="Boards, problems first" className="mt-4">
        <table id="admin-boards-table" className="w-full min-w-[56rem] text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <th scope="col" className={tableHeadCellClass}>
                Board
              </th>
              <th scope="col" className={tableHeadCellClass}>
                Status
              </th>
              <th scope="col" className={tableHeadCellClass}>
                Last probe
              </th>
              <th scope="col" className={tableHeadCellClass}>
                Read by
              </th>
              <th scope="col" className={tableHeadCellClass}>
                State
              </th>
              <th scope="col" className={tableHeadCellClass}>
                Last successful ingest
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shown.map((board) => (
              <BoardRow key={board.board_id} board={board} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {boards.list.length > BOARDS_SHOWN ? (
        <Button
          variant="ghost"
          size="sm"
          className="mt-3"
          aria-expanded={showAll}
          aria-controls="admin-boards-table"
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll ? 'Show problems only' : `Show all ${boards.list.length} boards`}
        </Button>
      ) : null}
    </AdminPanel>
  );
}

const FILE_NAMES: Record<string, string> = {
  'leie full': 'LEIE full file',
  'leie exclusions': 'LEIE exclusions supplement',
  'leie reinstatements': 'LEIE reinstatements supplement',
  'sam full': 'SAM.gov exclusions extract',
};

function fileStatus(status: string) {
  if (status === 'failed') return { text: 'Failed', className: 'bg-red-50 text-red-800' };
  if (status === 'warned') return { text: 'Rows rejected', className: 'bg-amber-50 text-amber-900' };
  if (status === 'running') return { text: 'Reading', className: 'bg-slate-100 text-slate-700' };
  return { text: 'Read', className: 'bg-emerald-50 text-emerald-800' };
}

function ExclusionLists({ exclusions }: { exclusions: AdminDashboard['exclusions'] }) {
  return (
    <AdminPanel
      id="admin-exclusions"
      title="Exclusion lists"
      description="The HHS-OIG LEIE and the SAM.gov exclusions extract as last read (weekly), and what screening every report against them found."
    >
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard label="Exclusions listed" value={formatNumber(exclusions.entries_listed)} />
        <StatCard label="Physicians confirmed excluded" value={formatNumber(exclusions.matches_confirmed)} />
        <StatCard label="Possible matches to review" value={formatNumber(exclusions.matches_to_review)} />
      </dl>
      {exclusions.files.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No list has been read yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 text-sm">
          {exclusions.files.map((file) => {
            const status = fileStatus(file.status);
            return (
              <li key={`${file.source} ${file.kind}`} className="py-3">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">
                    {FILE_NAMES[`${file.source} ${file.kind}`] ?? `${file.source} ${file.kind}`}
                    {file.period ? ` (${file.period})` : ''}
                  </span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${status.className}`}>
                    {status.text}
                  </span>
                </p>
                <p className="text-slate-700">
                  {formatDateTime(file.started_at)}: {formatNumber(file.rows_read)}{' '}
                  {file.rows_read === 1 ? 'row' : 'rows'} read, {formatNumber(file.rows_rejected)} rejected. Last
                  success: {formatDateTime(file.last_success_at, 'never')}.
                </p>
                {file.error ? <p className="text-red-700">{file.error}</p> : null}
                {file.rejections.length > 0 ? (
                  <ul className="mt-1 list-disc pl-5 text-xs text-slate-600">
                    {file.rejections.map((r) => (
                      <li key={r.row}>
                        Line {r.row}: {r.reason}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </AdminPanel>
  );
}

export function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  const data = dashboard.data;

  return (
    <AdminSection title="Overview" description="Users, plans, usage and board health across the whole service.">
      {dashboard.isPending ? (
        <Skeleton />
      ) : dashboard.isError || !data ? (
        <div className="space-y-4">
          <Alert tone="error">{ADMIN_INSIGHTS_TEXT.loadError}</Alert>
          <Button variant="secondary" pending={dashboard.isFetching} onClick={() => dashboard.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="space-y-6">
          <Stats data={data} />
          <ul className="space-y-1 text-xs text-slate-500">
            <li>{ADMIN_INSIGHTS_TEXT.usersScope}</li>
            <li>{ADMIN_INSIGHTS_TEXT.activeDefinition}</li>
            <li>{ADMIN_INSIGHTS_TEXT.alertsDefinition}</li>
            <li>As of {formatDateTime(data.generated_at)}.</li>
          </ul>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <UsageChart usage={data.usage} />
            <PlansChart plans={data.plans} />
          </div>
          <BoardHealth boards={data.boards} />
          <ExclusionLists exclusions={data.exclusions} />
        </div>
      )}
    </AdminSection>
  );
}
