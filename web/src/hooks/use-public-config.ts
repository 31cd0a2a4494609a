import { useQuery } from '@tanstack/react-query';
import { loadPublicConfig, publicConfigQueryKey } from '../lib/public-config';

export function usePublicConfig() {
  return useQuery({ queryKey: publicConfigQueryKey, queryFn: loadPublicConfig, staleTime: Infinity });
}
