import type { ReactNode } from 'react';
import { LogoMark } from '../../../components/ui/logo';
import { PageTitle } from '../../../session/page-title';

type AuthCardProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
};

export function AuthCard({ title, description, children, footer, wide }: AuthCardProps) {
  return (
    <div className="bg-gradient-to-b from-slate-50 to-white px-4 py-10 sm:py-16">
      <PageTitle title={title} />
      <div className={`mx-auto w-full ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <div className="mb-6 text-center">
            <LogoMark className="mx-auto size-10" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {description ? <p className="mt-2 text-sm text-slate-600">{description}</p> : null}
          </div>
          {children}
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </div>
    </div>
  );
}

export const textLinkClass = 'font-medium text-teal-700 hover:text-teal-800 hover:underline underline-offset-2';
