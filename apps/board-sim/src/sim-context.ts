import type { Population } from './population.ts';
import type { PopulationIndex } from './population-index.ts';

/** What every route handler reads: the population and its lazily built search index. */
export type SimContext = {
  population: Population;
  index(): PopulationIndex;
};
