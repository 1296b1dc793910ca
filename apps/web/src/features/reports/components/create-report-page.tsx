import { zodResolver } from '@hookform/resolvers/zod';
import { LICENSE_TYPES } from '@licensewatch/shared/licenses';
import { MESSAGES } from '@licensewatch/shared/messages';
import { ENTITLEMENTS, PLAN_LABELS } from '@licensewatch/shared/plans';
import { type CreateReportRequest, createReportRequestSchema } from '@licensewatch/shared/reports';
import { type StateCode, stateName } from '@licensewatch/shared/states';
import { PATHS } from '@licensewatch/shared/web-paths';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { InputField, SelectField } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { toast } from '../../../components/ui/toast';
import { useCurrentPlan } from '../../../session/get-current-plan';
import { PageTitle } from '../../../session/page-title';
import { useCreateReport } from '../api/create-report';
import { useStateStatuses } from '../api/get-state-statuses';
import { CreateReportError } from './create-report-error';
import { NpiLookUp } from './npi-look-up';
import { StatePicker } from './state-picker';

type CreateReportForm = {
  name: string;
  firstName: string;
  middleName: string;
  lastName: string;
  licenseType: '' | (typeof LICENSE_TYPES)[number];
  states: string[];
  /** Optional; sent with the report so its exclusion screening matches by NPI. */
  npi: string;
};

const defaultValues: CreateReportForm = {
  name: '',
  firstName: '',
  middleName: '',
  lastName: '',
  licenseType: '',
  states: [],
  npi: '',
};

export function CreateReportPage() {
  const navigate = useNavigate();
  const createReport = useCreateReport();
  const statuses = useStateStatuses();
  // The workspace's plan caps the states of one report; the picker says so up front (the server
  // still refuses more). Unknown until the plan loads: no cap is shown rather than a wrong one.
  const plan = useCurrentPlan(true).data;
  const statesLimit = plan ? ENTITLEMENTS[plan.plan_name].statesPerReport : null;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<CreateReportForm, unknown, CreateReportRequest>({
    // The same schema the server validates with, so the messages match.
    // The form starts with no license type chosen (''), which the schema's input type does not
    // allow; the schema itself then reports it with its own message.
    resolver: zodResolver(createReportRequestSchema) as unknown as Resolver<
      CreateReportForm,
      unknown,
      CreateReportRequest
    >,
    defaultValues,
  });

  const onSubmit = handleSubmit((values) => {
    createReport.mutate(values, {
      onSuccess: (report) => {
        toast.success(MESSAGES.reports.created);
        navigate(PATHS.report(report.id));
      },
      onError: (error) => toast.error(`${MESSAGES.reports.createFailed}: ${error.message}`),
    });
  });
  const pending = createReport.isPending;

  return (
    <Container className="py-10">
      <PageTitle title="Create New Report" />
      <ButtonLink to={PATHS.dashboard} variant="ghost" size="sm" className="mb-4 -ml-3">
        <svg
          viewBox="0 0 20 20"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M12 5l-5 5 5 5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Back
      </ButtonLink>
      <PageHeader
        title="Create New Report"
        description="A report searches the state boards for one physician and keeps the results up to date."
      />
      <Card className="max-w-4xl p-6">
        <form onSubmit={onSubmit} noValidate className="space-y-6">
          {createReport.isError ? <CreateReportError error={createReport.error} /> : null}
          <Controller
            control={control}
            name="npi"
            render={({ field, fieldState }) => (
              <NpiLookUp
                value={field.value}
                onChange={field.onChange}
                inputRef={field.ref}
                error={fieldState.error?.message}
                onFound={(found) => {
                  setValue('firstName', found.first_name, { shouldValidate: true });
                  setValue('middleName', found.middle_name ?? '');
                  setValue('lastName', found.last_name, { shouldValidate: true });
                  setValue('licenseType', found.license_type, { shouldValidate: true });
                  if (found.states.length > 0)
                    setValue(
                      'states',
                      found.states
                        .map((code) => stateName(code as StateCode))
                        .slice(0, statesLimit ?? found.states.length),
                      { shouldValidate: true },
                    );
                }}
              />
            )}
          />
          <InputField
            label="Report name"
            optional
            hint="Shown on your dashboard. Defaults to the physician's name."
            error={errors.name?.message}
            {...register('name')}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <InputField
              label="First name"
              autoComplete="off"
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <InputField
              label="Middle name"
              optional
              autoComplete="off"
              error={errors.middleName?.message}
              {...register('middleName')}
            />
            <InputField
              label="Last name"
              autoComplete="off"
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </div>
          <SelectField
            label="License type"
            className="sm:max-w-xs"
            error={errors.licenseType?.message}
            {...register('licenseType')}
          >
            <option value="">Select MD or DO</option>
            {LICENSE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
          <Controller
            control={control}
            name="states"
            render={({ field, fieldState }) => (
              <StatePicker
                value={field.value}
                onChange={field.onChange}
                statuses={statuses.data?.states}
                licenseType={watch('licenseType')}
                limit={statesLimit}
                planLabel={plan ? PLAN_LABELS[plan.plan_name] : undefined}
                error={fieldState.error?.message ?? errors.states?.root?.message}
              />
            )}
          />
          <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-6">
            <Button type="submit" pending={pending}>
              {pending ? 'Creating…' : 'Create Report'}
            </Button>
            <ButtonLink to={PATHS.dashboard} variant="secondary">
              Cancel
            </ButtonLink>
          </div>
        </form>
      </Card>
    </Container>
  );
}
