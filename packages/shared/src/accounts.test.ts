import { describe, expect, it } from 'vitest';
import { signUpFormSchema, signUpPayloadSchema, toSignUpPayload } from './accounts.ts';
import { MESSAGES } from './messages.ts';

const form = {
  email: 'ada@example.com',
  fullName: 'Ada Okafor',
  organization: '',
  userType: 'individual_physician',
  password: 'secret1',
  confirmPassword: 'secret1',
  agreement: true,
  apiInterest: false,
  purposeOfUse: '',
  estimatedMonthlyCalls: '',
  preferredDataFormat: '',
} as const;

function messages(input: unknown) {
  const r = signUpFormSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('sign-up form schema', () => {
  it('accepts a complete form and converts it to the server payload', () => {
    const parsed = signUpFormSchema.parse(form);
    const payload = toSignUpPayload(parsed);
    expect(payload).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      name: 'Ada Okafor',
      organization: null,
      userType: 'individual_physician',
      apiUsageInfo: null,
    });
    expect(signUpPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('uses the product messages for mismatched passwords and the agreement', () => {
    expect(messages({ ...form, confirmPassword: 'other1' })).toContain(
      `confirmPassword: ${MESSAGES.signup.passwordMismatch}`,
    );
    expect(messages({ ...form, agreement: false })).toContain(`agreement: ${MESSAGES.signup.agreementRequired}`);
    expect(messages({ ...form, password: '12345', confirmPassword: '12345' })).toContain(
      `password: ${MESSAGES.reset.tooShort}`,
    );
    expect(messages({ ...form, email: 'nope' })).toContain(`email: ${MESSAGES.login.invalidEmail}`);
  });

  it('requires the API block only when API interest is ticked, with a whole number of calls', () => {
    expect(messages({ ...form, apiInterest: true })).toEqual([
      'purposeOfUse: Purpose of use is required',
      'estimatedMonthlyCalls: Estimated monthly calls must be a number',
      'preferredDataFormat: Preferred data format is required',
    ]);
    const ok = signUpFormSchema.parse({
      ...form,
      apiInterest: true,
      purposeOfUse: 'Roster credentialing',
      estimatedMonthlyCalls: ' 2,500 ',
      preferredDataFormat: 'json',
    });
    expect(toSignUpPayload(ok).apiUsageInfo).toEqual({
      purpose_of_use: 'Roster credentialing',
      estimated_monthly_calls: 2500,
      preferred_data_format: 'json',
    });
    expect(
      messages({
        ...form,
        apiInterest: true,
        purposeOfUse: 'x',
        estimatedMonthlyCalls: '12.5',
        preferredDataFormat: 'csv',
      }),
    ).toEqual(['estimatedMonthlyCalls: Estimated monthly calls must be a number']);
  });
});
