import type { FormEvent } from 'react';
import { InputField, SelectField } from '../../../components/ui/form-field';
import type { FormValues } from '../request-body';
import type { TryItEndpoint } from '../try-it-endpoints';

type ParamFormProps = {
  id: string;
  endpoint: TryItEndpoint;
  values: FormValues;
  /** Names of required inputs left empty on the last try, marked until filled. */
  missing: ReadonlySet<string>;
  onChange: (name: string, value: string) => void;
  onSubmit: () => void;
};

const textIn = (values: FormValues, name: string) => {
  const value = values[name];
  return typeof value === 'string' ? value : '';
};

/**
 * An input per parameter: a select where the API takes a fixed list (State, License_Type), text
 * otherwise. The 'Try It!' button in the right panel submits this form (its `form` attribute), so
 * Enter in any input sends the request too.
 */
export function ParamForm({ id, endpoint, values, missing, onChange, onSubmit }: ParamFormProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form id={id} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      {endpoint.params.map((param) => {
        const value = textIn(values, param.name);
        const error = missing.has(param.name) && !value.trim() ? 'Required' : undefined;
        const common = {
          label: <span className="font-mono">{param.name}</span>,
          optional: !param.required,
          required: param.required,
          error,
          value,
        };
        return (
          <div key={param.name}>
            {param.options ? (
              <SelectField {...common} onChange={(event) => onChange(param.name, event.target.value)}>
                <option value="">Choose…</option>
                {param.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </SelectField>
            ) : (
              <InputField
                {...common}
                placeholder={param.example}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => onChange(param.name, event.target.value)}
              />
            )}
          </div>
        );
      })}
    </form>
  );
}
