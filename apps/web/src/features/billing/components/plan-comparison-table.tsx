import { type ComparisonValue, planComparison } from '@licensewatch/shared/offer';
import type { CataloguePlan } from '@licensewatch/shared/plans';
import { CheckIcon } from '../../../components/icons';
import { ScrollRegion } from '../../../components/ui/scroll-region';

/** A cell: a tick or a dash with its meaning for screen readers, or what the plan allows. */
function Cell({ value }: { value: ComparisonValue }) {
  if (value === true)
    return (
      <span className="inline-flex text-teal-700">
        <CheckIcon />
        <span className="sr-only">Included</span>
      </span>
    );
  if (value === false)
    return (
      <span className="text-slate-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not included</span>
      </span>
    );
  return <span className="font-medium text-slate-900">{value}</span>;
}

/** The plans of one tab side by side, feature by feature, read from the entitlements. */
export function PlanComparisonTable({ plans, caption }: { plans: readonly CataloguePlan[]; caption: string }) {
  const rows = planComparison();
  return (
    <section aria-labelledby="plan-comparison" className="mt-14">
      <h2 id="plan-comparison" className="text-center text-xl font-bold text-slate-900">
        Compare plans
      </h2>
      {/* On a phone the table scrolls sideways with the feature column fixed. relative: the cells' visually
          hidden words are positioned in the region, not past the page's edge. */}
      <ScrollRegion label={caption} className="relative mt-6 rounded-xl border border-slate-200">
        <table className="w-full min-w-[34rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="sticky left-0 bg-slate-50 px-4 py-3 font-semibold text-slate-700">
                Feature
              </th>
              {plans.map((plan) => (
                <th key={plan.name} scope="col" className="px-4 py-3 text-center font-semibold text-slate-900">
                  {plan.label}
                  <span className="block text-xs font-normal text-slate-600">
                    {plan.price}
                    {plan.period}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.feature}>
                <th scope="row" className="sticky left-0 bg-white px-4 py-3 font-medium text-slate-800">
                  {row.feature}
                  {row.detail ? <span className="block text-xs font-normal text-slate-600">{row.detail}</span> : null}
                </th>
                {plans.map((plan) => (
                  <td key={plan.name} className="px-4 py-3 text-center">
                    <Cell value={row.values[plan.name]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
