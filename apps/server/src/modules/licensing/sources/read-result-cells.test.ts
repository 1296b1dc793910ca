import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { readResultCells, readText } from './read-result-cells.ts';

// A mylicense.com-like grid: a header row, a name cell holding its own table, a pager row spanning the grid.
const GRID = `<table id="datagrid_results"><tbody>
<tr><th>Name</th><th>License #</th><th>Status</th></tr>
<tr>
  <td><table><tr><td><a href="Details.aspx?result=1">SMITH,\u200B  JOHN</a></td></tr></table></td>
  <td>\uFEFFMD 1234</td>
  <td>Expires 06/30/2027;<br>Active</td>
</tr>
<tr><td colspan="3"><a href="javascript:__doPostBack('datagrid_results$_ctl44$_ctl1','')">2</a></td></tr>
</tbody></table>`;

const rows = () => {
  const $ = load(GRID);
  return $('#datagrid_results > tbody > tr')
    .toArray()
    .map((row) => $(row));
};

describe('readResultCells', () => {
  it("reads the row's own cells by position, as a person reads them", () => {
    const [, row] = rows();
    if (!row) throw new Error('no row');
    expect(readResultCells(row, { name: 0, licenseNumber: 1 })).toEqual({
      name: 'SMITH, JOHN',
      licenseNumber: 'MD 1234',
    });
  });

  it("takes a pattern's first group, and null when the cell does not match", () => {
    const [, row] = rows();
    if (!row) throw new Error('no row');
    const cells = {
      expiryDate: { cell: 2, pattern: 'expires\\s+(\\d{2}/\\d{2}/\\d{4})' },
      status: { cell: 2, pattern: ';\\s*(.+)$' },
      discipline: { cell: 2, pattern: 'Action: (.+)' },
    };
    expect(readResultCells(row, cells)).toEqual({ expiryDate: '06/30/2027', status: 'Active', discipline: null });
  });

  it('skips a header row and a pager row that does not reach the cells read', () => {
    const [header, , pager] = rows();
    if (!header || !pager) throw new Error('no rows');
    expect(readResultCells(header, { name: 0 })).toBeUndefined();
    expect(readResultCells(pager, { name: 0, status: 2 })).toBeUndefined();
  });
});

describe('readText', () => {
  it('leaves out script, breaks at lines and cells, drops zero-width characters', () => {
    const $ = load('<div>No\u200D records <script>var words = "found";</script><p>found</p>Try again<br>later</div>');
    expect(readText($('div'))).toBe('No records found Try again later');
  });
});
