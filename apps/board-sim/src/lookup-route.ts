import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LicenseType } from '@licensewatch/shared/licenses';
import { stateName } from '@licensewatch/shared/states';
import { displayName, HTML_STATUS, usDate } from './board-records.ts';
import type { SimBoard } from './boards.ts';
import { escapeHtml, htmlPage, sendHtml } from './http-util.ts';
import type { BoardLicense } from './population.ts';
import type { SimContext } from './sim-context.ts';
import { findBoardLicenses } from './sites/search-board-licenses.ts';

export const LOOKUP_PAGE_SIZE = 20;

function boardTitle(board: SimBoard): string {
  const state = stateName(board.jurisdiction);
  if (board.boardId.endsWith('-do')) return `${state} Board of Osteopathic Medicine`;
  if (board.boardId.endsWith('-md')) return `${state} Board of Medicine`;
  return `${state} Medical Board`;
}

function searchForm(board: SimBoard, q: Record<string, string>): string {
  const field = (name: string, label: string) =>
    `<label>${label} <input name="${name}" value="${escapeHtml(q[name] ?? '')}"></label>`;
  return `<form id="search" method="get" action="/lookup/${board.boardId}/search">
${field('last_name', 'Last name')}
${field('first_name', 'First name')}
${field('license_number', 'License number')}
<label>License type <select name="license_type"><option value="">Any</option>${board.licenseTypes
    .map((t) => `<option value="${t}"${q.license_type === t ? ' selected' : ''}>${t}</option>`)
    .join('')}</select></label>
<button type="submit">Search</button>
</form>`;
}

function resultRow({ person, license }: BoardLicense): string {
  const cell = (cls: string, value: string) => `<td class="${cls}">${escapeHtml(value)}</td>`;
  return `<tr class="result">${[
    cell('license-number', license.licenseNumber ?? ''),
    cell('name', displayName(person, license)),
    cell('license-type', license.licenseType),
    cell('status', HTML_STATUS[license.status]),
    cell('issue-date', usDate(license.issueDate)),
    cell('expiry-date', usDate(license.expiryDate)),
  ].join('')}</tr>`;
}

function errorPage(res: ServerResponse, board: SimBoard, message: string) {
  sendHtml(
    res,
    400,
    htmlPage(
      `${boardTitle(board)} — License Lookup`,
      `<h1>${escapeHtml(boardTitle(board))}</h1>
<p class="error">${escapeHtml(message)}</p>`,
    ),
  );
}

export async function handleLookup(
  ctx: SimContext,
  _req: IncomingMessage,
  res: ServerResponse,
  board: SimBoard,
  query: URLSearchParams,
): Promise<void> {
  const q = {
    last_name: (query.get('last_name') ?? '').trim(),
    first_name: (query.get('first_name') ?? '').trim(),
    license_number: (query.get('license_number') ?? '').trim(),
    license_type: (query.get('license_type') ?? '').trim().toUpperCase(),
  };
  const pageParam = query.get('page') ?? '1';
  if (!/^[1-9]\d{0,6}$/.test(pageParam)) return errorPage(res, board, 'Page must be a positive whole number.');
  if (q.license_type !== '' && q.license_type !== 'MD' && q.license_type !== 'DO') {
    return errorPage(res, board, 'License type must be MD or DO.');
  }
  const page = Number(pageParam);

  // A type alone asks nothing here: the look-up lists nobody until a name or a number is typed.
  const found =
    q.license_number || q.last_name || q.first_name
      ? findBoardLicenses(ctx, board.boardId, {
          licenseNumber: q.license_number,
          lastName: q.last_name,
          firstName: q.first_name,
          licenseTypes: q.license_type ? [q.license_type as LicenseType] : undefined,
        })
      : [];

  const start = (page - 1) * LOOKUP_PAGE_SIZE;
  const pageHits = found.slice(start, start + LOOKUP_PAGE_SIZE);
  const title = `${boardTitle(board)} — License Lookup`;
  let body = `<h1>${escapeHtml(boardTitle(board))}</h1>
<h2>Verify a physician license</h2>
${searchForm(board, q)}
`;
  if (pageHits.length === 0) {
    body += '<p class="no-results">No licensees matched your search.</p>';
  } else {
    body += `<p class="summary">Showing ${start + 1}–${start + pageHits.length} of ${found.length} results</p>
<table id="results">
<thead><tr><th>License Number</th><th>Name</th><th>License Type</th><th>Status</th><th>Issue Date</th><th>Expiration Date</th></tr></thead>
<tbody>
${pageHits.map(resultRow).join('\n')}
</tbody>
</table>`;
    if (start + LOOKUP_PAGE_SIZE < found.length) {
      const next = new URLSearchParams();
      for (const [key, value] of Object.entries(q)) if (value) next.set(key, value);
      next.set('page', String(page + 1));
      body += `\n<a class="next-page" href="/lookup/${board.boardId}/search?${escapeHtml(next.toString())}">Next page</a>`;
    }
  }
  sendHtml(res, 200, htmlPage(title, body));
}
