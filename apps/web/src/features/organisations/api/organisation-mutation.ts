import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORGANISATIONS_QUERY_KEY } from '../../../session/get-organisations';

/** A change to an organisation: afterwards the organisations and their members are read again. */
export function useOrganisationMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORGANISATIONS_QUERY_KEY }),
  });
}
