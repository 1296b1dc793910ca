// The automatic JSX runtime, whatever tsconfig tsx finds from the working directory.
/** @jsxRuntime automatic */
import { Link, Text } from '@react-email/components';
import { useBrandName } from '../../../platform/mail/brand-name.ts';
import { EmailLayout } from '../../../platform/mail/email-layout.tsx';

type Props = {
  kind: 'excluded' | 'possible' | 'reinstated';
  /** "Dr. Jane Doe". */
  physician: string;
  /** "Excluded since Apr 12, 2026 (1128(b)(4) License revocation, suspension or surrender)". */
  line: string;
  /** The lists this one alert is for: ["LEIE"], ["SAM"] or both, when they list the same physician. */
  sources: string[];
  reportUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
};

const HEADINGS: Record<Props['kind'], string> = {
  excluded: 'A physician you track is on a federal exclusion list',
  possible: 'A possible exclusion match needs your review',
  reinstated: 'A physician you track has been reinstated',
};

/**
 * An exclusion alert (docs/exclusions.md, Alerts): one tracked physician's news, from every list that
 * has it in the same run.
 */
export function ExclusionAlertEmail({ kind, physician, line, sources, reportUrl, profileUrl, unsubscribeUrl }: Props) {
  const brandName = useBrandName();
  const source = sources.join(' and ');
  const list = sources.length > 1 ? `${source} lists` : `${source} list`;
  const entries = sources.length > 1 ? 'entries' : 'entry';
  return (
    <EmailLayout
      preview={`${physician}: ${line}`}
      heading={HEADINGS[kind]}
      action={{ label: kind === 'possible' ? 'Review the match' : 'Open the report', href: reportUrl }}
    >
      <Text>
        {physician}: {line} ({source}).
      </Text>
      {kind === 'possible' ? (
        <Text>
          The name and state match {sources.length > 1 ? 'entries' : 'an entry'} on the {list}, but nothing proves it is
          the same person. Compare the evidence on the report and confirm or dismiss it; adding the physician's NPI
          settles most matches.
        </Text>
      ) : kind === 'excluded' ? (
        <Text>
          The {entries} {sources.length > 1 ? 'have' : 'has'} the physician's NPI. An excluded physician cannot bill
          Medicare or Medicaid: check the {source} {entries} and act on it. {brandName} will tell you if the exclusion
          ends.
        </Text>
      ) : (
        <Text>
          The {list} {sources.length > 1 ? 'show' : 'shows'} the exclusion has ended. Check the {entries} before you
          rely on it.
        </Text>
      )}
      <Text style={{ color: '#64748b', fontSize: '12px' }}>
        You get this email because status-change alerts are on for your account. Change what we send on your{' '}
        <Link href={profileUrl}>profile</Link>, or <Link href={unsubscribeUrl}>unsubscribe from these alerts</Link>.
      </Text>
    </EmailLayout>
  );
}
