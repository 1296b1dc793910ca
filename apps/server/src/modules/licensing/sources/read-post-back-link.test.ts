import { describe, expect, it } from 'vitest';
import { readPostBackLink } from './read-post-back-link.ts';

describe('readPostBackLink', () => {
  it("reads a grid pager's __doPostBack href", () => {
    expect(readPostBackLink("javascript:__doPostBack('ctl00$MainContent$gvResults','Page$2')")).toEqual({
      target: 'ctl00$MainContent$gvResults',
      argument: 'Page$2',
    });
  });

  it('reads an empty argument and double quotes', () => {
    expect(readPostBackLink('javascript:__doPostBack("datagrid_results$_ctl44$_ctl1", "")')).toEqual({
      target: 'datagrid_results$_ctl44$_ctl1',
      argument: '',
    });
  });

  it("reads WebForm_DoPostBackWithOptions's options", () => {
    const href =
      'javascript:WebForm_DoPostBackWithOptions(new WebForm_PostBackOptions("ctl00$BodyContent$gvSearchResults$ctl02$lnkName", "", true, "", "", false, true))';
    expect(readPostBackLink(href)).toEqual({ target: 'ctl00$BodyContent$gvSearchResults$ctl02$lnkName', argument: '' });
  });

  it("reads an AutoPostBack radio's onclick, its quotes escaped", () => {
    const onclick = "javascript:setTimeout('__doPostBack(\\'usLicenseList$rdbtGrid\\',\\'\\')', 0)";
    expect(readPostBackLink(onclick)).toEqual({ target: 'usLicenseList$rdbtGrid', argument: '' });
  });

  it('reads nothing from an address, other script or nothing', () => {
    expect(readPostBackLink('Details.aspx?result=7f3c')).toBeUndefined();
    expect(readPostBackLink('javascript:window.print()')).toBeUndefined();
    expect(readPostBackLink('#')).toBeUndefined();
    expect(readPostBackLink(undefined)).toBeUndefined();
  });
});
