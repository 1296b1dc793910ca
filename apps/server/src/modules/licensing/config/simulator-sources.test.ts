import { describe, expect, it } from 'vitest';
import { simulatedUrl } from './simulator-sources.ts';

describe('simulatedUrl', () => {
  it('serves a real address under /sites/<host>, path and query kept', () => {
    expect(simulatedUrl('https://data.texas.gov/resource/tm3v-pfq9.json', 'http://127.0.0.1:3100/')).toBe(
      'http://127.0.0.1:3100/sites/data.texas.gov/resource/tm3v-pfq9.json',
    );
    expect(
      simulatedUrl(
        'https://data-download.mqa.flhealthsource.gov/LicensureData?fileName=PROF_ALL.zip&handler=DownloadDataFile',
        'http://sim:1',
      ),
    ).toBe(
      'http://sim:1/sites/data-download.mqa.flhealthsource.gov/LicensureData?fileName=PROF_ALL.zip&handler=DownloadDataFile',
    );
  });
});
