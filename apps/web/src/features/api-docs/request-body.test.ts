import { describe, expect, it } from 'vitest';
import { buildRequestBody, missingRequiredFields } from './request-body';
import { TRY_IT_ENDPOINTS } from './try-it-endpoints';

const [byName, byState, byNumber] = TRY_IT_ENDPOINTS;
if (!byName || !byState || !byNumber) throw new Error('the console lists four endpoints');

describe('buildRequestBody', () => {
  it("sends this endpoint's filled values, trimmed, in the parameters' order", () => {
    const values = { Last_Name: ' Patel ', First_Name: 'Maya', License_Type: 'MD', Middle_Name: 'R' };
    expect(buildRequestBody(byName.params, values)).toEqual({
      First_Name: 'Maya',
      Middle_Name: 'R',
      Last_Name: 'Patel',
      License_Type: 'MD',
    });
    expect(Object.keys(buildRequestBody(byName.params, values))).toEqual([
      'First_Name',
      'Middle_Name',
      'Last_Name',
      'License_Type',
    ]);
  });

  it('leaves out empty, blank and object values', () => {
    const values = { First_Name: 'Maya', Middle_Name: '', Last_Name: '   ', License_Type: { value: 'MD' } };
    expect(buildRequestBody(byName.params, values)).toEqual({ First_Name: 'Maya' });
  });

  it('leaves out null and undefined, and sends numbers as text', () => {
    expect(buildRequestBody(byNumber.params, { License_Number: 154872, State: null })).toEqual({
      License_Number: '154872',
    });
  });

  it("ignores values typed for another endpoint's parameters", () => {
    const values = { First_Name: 'Maya', License_Number: 'A154872', State: 'California' };
    expect(buildRequestBody(byName.params, values)).toEqual({ First_Name: 'Maya' });
  });

  it('never puts the key in the body: the console sends it as the Bearer header', () => {
    expect(buildRequestBody(byName.params, { credential_key: 'lw_secret' })).toEqual({});
  });
});

describe('missingRequiredFields', () => {
  it('lists every empty required parameter and the key', () => {
    expect(missingRequiredFields(byState.params, {}, '')).toEqual([
      'First_Name',
      'Last_Name',
      'License_Type',
      'State',
      'API key',
    ]);
  });

  it('does not ask for the optional middle name', () => {
    const values = { First_Name: 'Maya', Last_Name: 'Patel', License_Type: 'MD' };
    expect(missingRequiredFields(byName.params, values, 'lw_key')).toEqual([]);
  });

  it('counts blank text and objects as empty', () => {
    const values = { License_Number: '  ', State: { name: 'California' } };
    expect(missingRequiredFields(byNumber.params, values, ' ')).toEqual(['License_Number', 'State', 'API key']);
  });
});
