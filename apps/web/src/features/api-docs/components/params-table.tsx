import { ScrollRegion } from '../../../components/ui/scroll-region';
import type { ApiParam } from '../try-it-endpoints';

const COLUMNS = ['Name', 'Type', 'Required', 'Description', 'Example'];
const headCell = 'px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase';

/** An endpoint's parameters: name, type, required flag, description and an example value. */
export function ParamsTable({ params, label }: { params: ApiParam[]; label: string }) {
  return (
    <ScrollRegion label={label} className="rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-50">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={headCell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {params.map((param) => (
            <tr key={param.name} className="align-top">
              <td className="px-3 py-2 font-mono text-slate-900">{param.name}</td>
              <td className="px-3 py-2 text-slate-600">{param.type}</td>
              <td className="px-3 py-2">
                {param.required ? (
                  <span className="font-medium text-red-700">Required</span>
                ) : (
                  <span className="text-slate-600">Optional</span>
                )}
              </td>
              <td className="min-w-40 px-3 py-2 text-slate-600">{param.description}</td>
              <td className="px-3 py-2 font-mono whitespace-nowrap text-slate-700">{param.example}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
