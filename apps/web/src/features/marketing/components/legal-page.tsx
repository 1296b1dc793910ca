import type { ReactNode } from 'react';
import { Container } from '../../../components/ui/container';
import { PageTitle } from '../../../session/page-title';

export type LegalSection = { id: string; title: string; body: ReactNode };

type LegalPageProps = { title: string; effective: string; intro: ReactNode; sections: LegalSection[] };

export function LegalPage({ title, effective, intro, sections }: LegalPageProps) {
  return (
    <Container className="py-12 sm:py-16">
      <PageTitle title={title} />
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">Effective {effective}</p>
        <div className="mt-6 leading-relaxed text-slate-700">{intro}</div>
        <nav aria-label="On this page" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
          <h2 className="text-sm font-semibold text-slate-900">On this page</h2>
          <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-teal-800 hover:underline">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} className="mt-10">
            <h2 className="text-xl font-semibold text-slate-900">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </Container>
  );
}
