import { newTestId, unixNow } from './new-test-id.ts';
import { metadataParam, stringParam } from './read-form-params.ts';
import type { TestCustomer, TestProvider } from './test-provider.ts';

/** POST /v1/customers */
export function createTestCustomer(provider: TestProvider, params: Record<string, unknown>): Promise<TestCustomer> {
  return provider.store.create<TestCustomer>({
    id: newTestId('cus'),
    object: 'customer',
    email: stringParam(params.email) ?? null,
    name: stringParam(params.name) ?? null,
    metadata: metadataParam(params.metadata),
    created: unixNow(),
  });
}
